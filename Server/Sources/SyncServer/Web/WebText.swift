/// Text people typed, made safe to set inside a sentence the server writes.
///
/// Templates isolate a whole value with `<bdi>` or `dir="auto"`; a sentence that quotes a value (a refusal that
/// repeats what was typed, a shopping row that joins a title and a note) isolates each quoted part with the
/// Unicode isolate controls instead: FIRST STRONG ISOLATE (U+2068) … POP DIRECTIONAL ISOLATE (U+2069). Inside an
/// isolate a right-to-left override (U+202E) or embedding ends at the isolate's end, so "12 pieces" after a note
/// holding U+202E still reads "12 pieces".
enum WebText {
    /// `text` as a first-strong isolate.
    static func isolated(_ text: String) -> String {
        "\u{2068}\(text)\u{2069}"
    }
}
