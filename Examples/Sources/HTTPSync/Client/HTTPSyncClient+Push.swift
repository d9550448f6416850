import Foundation
import InventoryKit
import InventorySync
import SyncWire

extension HTTPSyncClient {
    /// Pushes operations in as many requests as the server's limits need: at most
    /// ``HTTPSyncConfiguration/maximumOperationsPerPush`` operations and about
    /// ``HTTPSyncConfiguration/maximumPushBodyBytes`` bytes each, in order.
    ///
    /// An operation too large for any request comes back `rejected` (`payload_too_large`) without stopping the
    /// others. When a request fails after earlier ones were answered, the answers so far are returned and the
    /// operations left unanswered are retried by the engine later (replays are idempotent); an unauthorized
    /// device, or a failure before any answer, is thrown.
    ///
    /// - Throws: ``RemoteSyncError``, or `CancellationError`.
    func push(_ operations: [PushOperation]) async throws -> [PushResult] {
        var results: [PushResult] = []
        do {
            for chunk in chunks(operations) {
                results += try await send(chunk)
            }
        } catch let error as RemoteSyncError {
            if case .unauthorized = error { throw error }
            if results.isEmpty { throw error }
        }
        return results
    }

    /// The operations encoded and grouped into requests within the limits.
    private func chunks(_ operations: [PushOperation]) -> [[(PushOperation, Data)]] {
        var chunks: [[(PushOperation, Data)]] = []
        var current: [(PushOperation, Data)] = []
        var bytes = 0
        for operation in operations {
            let encoded = operation.jsonBytes()
            let full = current.count >= configuration.maximumOperationsPerPush
                || bytes + encoded.count + PushRequest.bodyOverhead(count: current.count + 1) > configuration.maximumPushBodyBytes
            if full && !current.isEmpty {
                chunks.append(current)
                current = []
                bytes = 0
            }
            current.append((operation, encoded))
            bytes += encoded.count
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// Sends one request; a body the server finds too large is split in halves, and a single operation too large
    /// is answered `rejected` here.
    private func send(_ chunk: [(PushOperation, Data)]) async throws -> [PushResult] {
        let answer = try await post(["push"], json: PushRequest.body(chunk.map(\.1)), accepting: [413])
        if answer.status == 413 {
            guard chunk.count > 1 else {
                let reason = HTTPFailureClassifier.message(status: 413, body: answer.body)
                return [PushResult(
                    opId: chunk[0].0.opId, status: .rejected, code: ErrorCode.payloadTooLarge.rawValue, message: reason)]
            }
            let half = chunk.count / 2
            return try await send(Array(chunk[..<half])) + send(Array(chunk[half...]))
        }
        do {
            return try JSONDecoder().decode(PushResponse.self, from: answer.body).results
        } catch {
            throw RemoteSyncError.transient("the server's push answer cannot be read: \(RecordCoding.describe(error))")
        }
    }
}
