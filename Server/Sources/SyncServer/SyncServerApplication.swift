import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle
import UnixSignals
import SyncWire

/// Builds the server application: router (the `/v1` API and the web app under `/`), error envelope, store and
/// the PostgreSQL client as a service.
package enum SyncServerApplication {
    /// The router with every `/v1` route behind the ``ErrorEnvelopeMiddleware``; the views and the calendar feed
    /// read households' folded states from `replication`, or from `views` when given (tests pass a double), and
    /// the feed routes read feed tokens from `feedStore`.
    /// The member routes are served when `memberStore` is given (the database members, invitations and sessions
    /// live in). `/v1/ready` answers 503 once `readiness` drains. Every request first passes the
    /// ``RequestObservationMiddleware``, counted in `service.metrics` and logged to `logger`.
    package static func router(
        service: SyncService, replication: HouseholdReplication, feedStore: any FeedTokenStore,
        views: (any HouseholdViewSource)? = nil, memberStore: PostgresSyncStore? = nil, readiness: ReadinessDrain? = nil,
        logger: Logger = Logger(label: "inventorykit-server")
    ) -> Router<SyncRequestContext> {
        let router = Router(context: SyncRequestContext.self)
        router.middlewares.add(RequestObservationMiddleware(metrics: service.metrics, logger: logger))
        router.middlewares.add(ErrorEnvelopeMiddleware())
        SyncRoutes<SyncRequestContext>(service: service, replication: replication, readiness: readiness)
            .add(to: router.group("v1"))
        FeedRoutes<SyncRequestContext>(
            feeds: CalendarFeedService(service: service, store: feedStore, views: views ?? replication.replicas)
        ).add(to: router.group("v1"))
        if let memberStore {
            MemberRoutes<SyncRequestContext>(members: MemberService(service: service, store: memberStore))
                .add(to: router.group("v1"))
        }
        return router
    }

    /// An application serving the API; it runs its own PostgreSQL client as a service and, when configured,
    /// migrates before the server starts. It has no readiness drain, and its migrations may lease a connection
    /// before the client's service runs (PostgresNIO then warns): ``run(configuration:logger:metrics:)`` is how `serve`
    /// runs a server. Requests, pushes, pulls and the store are counted in `metrics`, served on
    /// `configuration.metricsPort` when it is set.
    ///
    /// ```swift
    /// let app = SyncServerApplication.build(configuration: config, logger: logger)
    /// try await app.runService()
    /// ```
    package static func build(
        configuration: SyncServerConfiguration,
        logger: Logger,
        views: (any HouseholdViewSource)? = nil,
        metrics: ServerMetrics = ServerMetrics()
    ) -> some ApplicationProtocol {
        let client = PostgresClient(configuration: configuration.database, backgroundLogger: logger)
        return build(
            client: client, clientIsRunning: false, configuration: configuration, logger: logger, views: views,
            metrics: metrics)
    }

    /// An application over an existing client; `clientIsRunning` says whether the caller already runs it
    /// (tests do, to seed data through the same pool). `configuration.database` is not used. `views` replaces the
    /// replica as where the calendar feed reads households' folded states (tests pass a double); `readiness` is the
    /// drain `/v1/ready` reports.
    package static func build(
        client: PostgresClient,
        clientIsRunning: Bool,
        configuration: SyncServerConfiguration,
        logger: Logger,
        views: (any HouseholdViewSource)? = nil,
        readiness: ReadinessDrain? = nil,
        metrics: ServerMetrics = ServerMetrics()
    ) -> some ApplicationProtocol {
        let store = PostgresSyncStore(client: client, logger: logger, metrics: metrics)
        let service = SyncService(store: store, limits: configuration.limits, metrics: metrics)
        let replication = HouseholdReplication(store: store, service: service, logger: logger)
        let router = router(
            service: service, replication: replication, feedStore: store, views: views, memberStore: store,
            readiness: readiness, logger: logger)
        let web = WebRoutes<SyncRequestContext>(
            service: service, store: store, views: views ?? replication.replicas, worker: replication.worker,
            secureCookies: configuration.secureCookies, openFoodFacts: configuration.openFoodFacts, logger: logger)
        web.add(to: router)
        GrocyRoutes<SyncRequestContext>(grocy: GrocyService(
            source: views ?? replication.replicas, store: store, service: service, commands: web.commands,
            ids: GrocyIDTable(store: store))
        ).add(to: router)
        var services: [any Service] = clientIsRunning ? [replication.worker] : [client, replication.worker]
        if let metricsPort = configuration.metricsPort {
            services.append(
                MetricsEndpoint.application(metrics: metrics, host: configuration.host, port: metricsPort, logger: logger))
        }
        var app = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            services: services,
            logger: logger
        )
        if configuration.migrateOnStart {
            app.beforeServerStarts {
                try await Migrator().migrate(client: client, logger: logger)
            }
        }
        return app
    }

    /// Runs the server until SIGTERM or SIGINT, then shuts it down gracefully: `/v1/ready` answers 503 for
    /// `configuration.drainDuration` (a ``ReadinessDrain``), the server stops accepting, in-flight requests get
    /// `configuration.shutdownTimeout` to finish, the replica worker stops and the connection pool closes.
    ///
    /// Requests still running when the shutdown timeout ends are cancelled. The pool runs before the server starts,
    /// so the migrations before serving use a running client.
    /// - Throws: what the server or its migrations throw.
    package static func run(
        configuration: SyncServerConfiguration, logger: Logger, metrics: ServerMetrics = ServerMetrics()
    ) async throws {
        try await PostgresClient.withRunningClient(configuration: configuration.database, logger: logger) { client in
            let drain = ReadinessDrain(duration: configuration.drainDuration, logger: logger)
            let app = build(
                client: client, clientIsRunning: true, configuration: configuration, logger: logger, readiness: drain,
                metrics: metrics)
            var group = ServiceGroupConfiguration(
                services: [.init(service: app), .init(service: drain)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
            group.maximumGracefulShutdownDuration = configuration.drainDuration + configuration.shutdownTimeout
            try await ServiceGroup(configuration: group).run()
        }
    }
}
