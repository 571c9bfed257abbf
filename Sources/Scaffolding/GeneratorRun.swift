public import Foundation

extension Generator {
    /// `teamflow generate TEMPLATE [NAME]`: the template's values from `assignments`
    /// (`KEY=VALUE`, a list variable appends) over `valuesFile`, the plan into `outDir`, and the
    /// files written unless `dryRun` (existing files with other contents only with `force`).
    /// Returns every file with what was (or would be) done to it.
    public func run(template: String, name: String?, assignments: [String], valuesFile: URL?, outDir: URL,
                    dryRun: Bool, force: Bool) throws -> [PlannedFile] {
        let values = try values(for: template, assignments: assignments, valuesFile: valuesFile)
        let plan = try plan(template: template, name: name, values: values, outDir: outDir)
        return dryRun ? plan : try write(plan, force: force)
    }
}
