import Foundation

/// Whole-folder reads for template catalogs (a scaffolding template is a folder of files,
/// its manifest included), under the same rules as ``TemplateFolder/read(_:)``.
extension TemplateFolder {
    /// How deep `files(under:)` descends; each level holds a descriptor open, and no real
    /// template nests anywhere near this.
    static let maximumDepth = 32

    /// The folders directly inside the root, sorted, hidden ones skipped; empty when the root
    /// does not exist. Loose files (a README) are not listed; a symlink is refused.
    public func subfolders() throws -> [String] {
        guard let rootFD = try openRoot() else { return [] }
        defer { close(rootFD) }
        var folders: [String] = []
        for name in try FolderEntry.names(in: rootFD, shown: displayRoot) where !name.hasPrefix(".") {
            switch try FolderEntry.kind(of: name, in: rootFD, shown: shown([name])) {
            case .folder?: folders.append(name)
            case .link?: throw TemplateFolderError(path: shown([name]), reason: .symbolicLink)
            default: continue
            }
        }
        return folders
    }

    /// Every file below the folder `name`, by path relative to it, with its text; empty when
    /// there is no such folder. A `.git` entry (a template kept as a submodule) is skipped,
    /// never read; a symlink, FIFO or device anywhere is refused, naming it.
    public func files(under name: String) throws -> [String: String] {
        let components = try checkedComponents(name)
        guard let rootFD = try openRoot() else { return [:] }
        defer { close(rootFD) }
        guard let folderFD = try FolderEntry.openFolder(components[...], below: rootFD, shown: shown, file: shown(components)) else {
            return [:]
        }
        defer { close(folderFD) }
        var files: [String: String] = [:]
        try collect(folderFD, path: components, relative: [], into: &files)
        return files
    }

    private func collect(_ folderFD: Int32, path: [String], relative: [String], into files: inout [String: String]) throws {
        guard relative.count < Self.maximumDepth else {
            throw TemplateFolderError(path: shown(path), reason: .unreadable("folders nested more than \(Self.maximumDepth) deep"))
        }
        for name in try FolderEntry.names(in: folderFD, shown: shown(path)) where !Self.isGit(name) {
            let entry = path + [name]
            switch try FolderEntry.kind(of: name, in: folderFD, shown: shown(entry)) {
            case nil:
                continue
            case .folder?:
                let open = try FolderEntry.openFolder([name][...], below: folderFD, shown: { shown(path + $0) }, file: shown(entry))
                guard let childFD = open else { continue }
                defer { close(childFD) }
                try collect(childFD, path: entry, relative: relative + [name], into: &files)
            default:
                if let text = try FolderEntry.readText(name, in: folderFD, shown: shown(entry)) {
                    files[(relative + [name]).joined(separator: "/")] = text
                }
            }
        }
    }
}
