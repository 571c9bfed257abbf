import Foundation

/// Shallow histories (`git clone --depth`, `git fetch --depth`): git lists in `shallow` the
/// commits whose parents it did not fetch. libgit2 1.5 does not read that file, so a walk
/// past such a commit fails with "object not found"; these tell that case from corruption.
extension Repository {
    /// The commits listed in the repository's `shallow` file; empty for a complete repository.
    public func shallowCommits() -> Set<ObjectID> {
        let path = (commonDirectory as NSString).appendingPathComponent("shallow")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).compactMap { ObjectID(hex: String($0)) })
    }

    /// A commit reachable from `tips` where the history stops because it was fetched shallow
    /// (listed in `shallow`, with a parent missing from the object database), or nil when
    /// every history reachable from `tips` is complete. Walks commits by their parent ids
    /// only, never past a missing one; meant for the error path (it reads every commit).
    public func shallowBoundary(reachableFrom tips: [ObjectID]) throws -> ObjectID? {
        let shallow = shallowCommits()
        guard !shallow.isEmpty else { return nil }
        var seen = Set<ObjectID>()
        var pending = tips.filter(contains)
        while let id = pending.popLast() {
            guard seen.insert(id).inserted else { continue }
            let parents = try readCommit(id).parents
            let present = parents.filter(contains)
            if shallow.contains(id) && present.count < parents.count { return id }
            pending.append(contentsOf: present.filter { !seen.contains($0) })
        }
        return nil
    }
}
