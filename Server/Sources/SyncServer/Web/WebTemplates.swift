import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// The web app's Mustache templates and style sheet, read once from the target's resource bundle
/// (`Resources/web`). Templates escape every value (`{{…}}`); none uses `{{{…}}}` or `{{&…}}` (a test checks).
struct WebTemplates: Sendable {
    let library: MustacheLibrary
    /// `site.css`.
    let styleSheet: ByteBuffer

    /// The templates of the bundle. A build without them is a packaging error, so this traps rather than serving
    /// something else.
    static let bundled: WebTemplates = {
        do {
            return try WebTemplates(directory: directory())
        } catch {
            fatalError("The web templates in the SyncServer resource bundle do not load: \(error)")
        }
    }()

    /// The folder of the templates in the resource bundle.
    static func directory() -> URL {
        guard let url = Bundle.module.url(forResource: "web", withExtension: nil) else {
            fatalError("Resources/web is missing from the SyncServer resource bundle")
        }
        return url
    }

    /// Reads every `*.mustache` file of `directory` (named by its file name without the extension) and
    /// `site.css`.
    init(directory: URL) throws {
        var library = MustacheLibrary()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for name in names where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            try library.register(text, named: String(name.dropLast(".mustache".count)))
        }
        self.library = library
        self.styleSheet = ByteBuffer(bytes: Array(try Data(contentsOf: directory.appendingPathComponent("site.css"))))
    }

    /// Renders `value` with the template `name`.
    func render(_ value: Any, _ name: String) -> String {
        guard let text = library.render(value, withTemplate: name) else {
            fatalError("The web template \(name) is not in the bundle")
        }
        return text
    }

    /// Headers every page gets: HTML, never cached, no script at all, no framing, no referrer to other sites (an
    /// invitation's path is a secret). `same-origin`, not `no-referrer`: under `no-referrer` a browser sends
    /// `Origin: null` with a form's POST, which the cross-site check must refuse.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy:
            "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]

    /// A page response.
    func page(_ value: Any, _ name: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: Self.pageHeaders, body: .init(byteBuffer: ByteBuffer(string: render(value, name))))
    }

    /// A message page (help, refusals, errors).
    func message(
        _ title: String, _ message: String, status: HTTPResponse.Status, isError: Bool = true, homePath: String? = nil
    ) -> Response {
        page(MessagePage(title: title, message: message, isError: isError, homePath: homePath), "message", status: status)
    }

    /// `303 See Other` to `location` (POST/redirect/GET).
    static func redirect(_ location: String) -> Response {
        var headers = pageHeaders
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}
