// WikiExport module: placeholder until its first real file lands.
enum WikiExportModule {}
