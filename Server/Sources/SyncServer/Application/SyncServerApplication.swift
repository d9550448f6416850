import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle

/// Builds the server application: router (the `/v1` API and the web app under `/`), error envelope, store and
/// the PostgreSQL client as a service.
public enum SyncServerApplication {
    /// The router with every `/v1` route behind the ``ErrorEnvelopeMiddleware``; the views and the calendar feed
    /// read households' folded states from `replication`, or from `views` when given (tests pass a double), and
    /// the feed routes read feed tokens from `feedStore`.
    /// The member routes are served when `memberStore` is given (the database members, invitations and sessions
    /// live in). Every request first passes the ``RequestObservationMiddleware``, counted in `service.metrics`
    /// and logged to `logger`.
    public static func router(
        service: SyncService, replication: HouseholdReplication, feedStore: any FeedTokenStore,
        views: (any HouseholdViewSource)? = nil, memberStore: PostgresSyncStore? = nil,
        logger: Logger = Logger(label: "inventorykit-server")
    ) -> Router<SyncRequestContext> {
        let router = Router(context: SyncRequestContext.self)
        router.middlewares.add(RequestObservationMiddleware(metrics: service.metrics, logger: logger))
        router.middlewares.add(ErrorEnvelopeMiddleware())
        SyncRoutes<SyncRequestContext>(service: service, replication: replication).add(to: router.group("v1"))
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
    /// migrates before the server starts. Requests, pushes, pulls and the store are counted in `metrics`, served
    /// on `configuration.metricsPort` when it is set.
    ///
    /// ```swift
    /// let app = SyncServerApplication.build(configuration: config, logger: logger)
    /// try await app.runService()
    /// ```
    public static func build(
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
    /// replica as where the calendar feed reads households' folded states (tests pass a double).
    public static func build(
        client: PostgresClient,
        clientIsRunning: Bool,
        configuration: SyncServerConfiguration,
        logger: Logger,
        views: (any HouseholdViewSource)? = nil,
        metrics: ServerMetrics = ServerMetrics()
    ) -> some ApplicationProtocol {
        let store = PostgresSyncStore(client: client, logger: logger, metrics: metrics)
        let service = SyncService(store: store, limits: configuration.limits, metrics: metrics)
        let replication = HouseholdReplication(store: store, service: service, logger: logger)
        let router = router(
            service: service, replication: replication, feedStore: store, views: views, memberStore: store,
            logger: logger)
        WebRoutes<SyncRequestContext>(
            service: service, store: store, views: views ?? replication.replicas, worker: replication.worker,
            secureCookies: configuration.secureCookies, logger: logger
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
}
