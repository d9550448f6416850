import Logging
import Metrics
import SyncServer

/// The process-global logging and metrics backends `serve` installs, once, before it builds the application.
enum ServerObservability {
    /// Sends every logger's lines through ``ServerLogHandler`` and swift-metrics' global recordings into
    /// `metrics`' registry.
    static func bootstrap(logFormat: LogFormatOption, metrics: ServerMetrics) {
        let format = logFormat.resolved
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, format: format) }
        MetricsSystem.bootstrap(metrics.factory)
    }
}
