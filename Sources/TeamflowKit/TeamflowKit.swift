// TeamflowKit: the one library product for programs that use teamflow (docs/LIBRARY.md).
//
// A client depends on this product alone and writes `import TeamflowKit`: the modules below
// are its public API and come with it. The rest of the package (the YAML and git layers, the
// cache's codec, the argument parser, the C shims) stays internal and may change in any release.

// The domain: events, state, use cases, queries, the calendar and the read model (`WeekBoard`).
@_exported import TeamflowCore
// The event store on a git ref (`GitEventStore`), sync, and `TeamEnvironment`.
@_exported import TeamflowGit
// Parsers of what teams bring in (gh's PR JSON, PR bodies, weekly pages) and their use cases.
@_exported import Importers
// Velocity and burndown series (`Insights`, `ChartSet`).
@_exported import Insights
// The series and renderers the insights and exports use (`VelocitySeries`, `BurndownSeries`).
@_exported import Charts
// The wiki export and publisher (`WikiExporter`, `WikiPublisher`).
@_exported import WikiExport
// The static dashboard (`SiteExporter`).
@_exported import Site
// iOS scaffolding from templates (`Generator`, `GraphGenerator`, `TemplateCatalog`).
@_exported import Scaffolding
// The template engine the scaffolding and the wiki layouts run on, and its errors.
@_exported import Templates
// The write rule every export and generator follows, and its reports and refusals
// (`OutputReport` behind `WikiWriteReport`/`SiteWriteReport`, `OutputRefusal` in `ScaffoldingError`).
@_exported import OutputFiles
