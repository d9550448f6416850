import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// What every log line written while a request is handled says about it: its id, its route pattern, and once
/// authentication knows them, the household and device (never a token or cookie).
///
/// ``RequestObservationMiddleware`` binds one to the handling task (``current``); ``ServerLogHandler`` adds its
/// ``metadata`` to each line, so the store's and the services' loggers need no per-request copy.
package final class RequestScope: Sendable {
    /// The scope of the request the current task handles, if any.
    @TaskLocal package static var current: RequestScope?

    /// The request's id.
    package let requestID: RequestID
    private let endpointPath: EndpointPath
    private let identity = NIOLockedValueBox<(household: HouseholdID?, device: DeviceID?)>((nil, nil))

    /// Creates the scope of a request; `endpointPath` is the context's, which the router fills in once it matched.
    package init(requestID: RequestID, endpointPath: EndpointPath = EndpointPath()) {
        self.requestID = requestID
        self.endpointPath = endpointPath
    }

    /// The route pattern the router matched, if it matched one.
    package var route: String? { endpointPath.value }

    /// Notes who the request acts for, once authenticated.
    package func identify(household: HouseholdID, device: DeviceID? = nil) {
        identity.withLockedValue { $0 = (household, device ?? $0.device) }
    }

    /// The household and device noted by ``identify(household:device:)``.
    package var household: HouseholdID? { identity.withLockedValue { $0.household } }

    /// The device noted by ``identify(household:device:)``.
    package var device: DeviceID? { identity.withLockedValue { $0.device } }

    /// The fields log lines carry: `request_id`, and `route`, `household`, `device` when known.
    package var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = ["request_id": .string(requestID.rawValue)]
        if let route { metadata["route"] = .string(route) }
        let (household, device) = identity.withLockedValue { $0 }
        if let household { metadata["household"] = .string(household.description) }
        if let device { metadata["device"] = .string(device.description) }
        return metadata
    }
}
