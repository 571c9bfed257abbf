import Foundation
import XCTest
@testable import Git

final class LifetimeTests: XCTestCase {
    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// Repositories (and the handles they own) are freed when the last reference goes:
    /// libgit2 keeps a pack file open per repository, so a leaked handle leaks a descriptor.
    func testRepositoriesReleaseTheirHandles() throws {
        let fixture = try GitFixture()
        weak var weakRepository: Repository?
        var paths = [String]()
        var ids = [ObjectID]()
        for index in 0..<12 {
            let path = fixture.path("r\(index).git")
            let repository = try Repository.create(at: path, bare: true)
            ids.append(try repository.withPackedWrites { try repository.writeBlob(bytes("blob \(index)")) })
            paths.append(path)
        }
        let before = try openDescriptors()
        for (path, id) in zip(paths, ids) {
            try {
                let repository = try Repository.open(at: path)
                weakRepository = repository
                XCTAssertEqual(try repository.readBlob(id).isEmpty, false)
                XCTAssertEqual(try repository.readCommitOrNil(), nil)
            }()
            XCTAssertNil(weakRepository, "Repository still alive after its scope")
        }
        XCTAssertEqual(try openDescriptors(), before)
    }
}

private extension Repository {
    /// Touches the refdb and config too, so their handles are exercised.
    func readCommitOrNil() throws -> ObjectID? {
        _ = try config("core.bare")
        return try resolveReference("HEAD")
    }
}
