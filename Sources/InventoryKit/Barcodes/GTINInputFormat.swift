/// How ``GTIN`` reads the digits of a raw barcode string.
///
/// GS1 element strings and GS1 Digital Link URLs are recognised whatever the format, because their
/// AI (01) always carries a full GTIN-14.
public enum GTINInputFormat: Sendable, Hashable {
    /// Reads the digits as EAN-8, UPC-A, EAN-13 or GTIN-14, chosen by their count.
    case automatic

    /// Reads the digits as a zero-suppressed UPC-E code and expands it to UPC-A.
    ///
    /// Accepts 8 digits (number system 0 or 1, six data digits, check digit), 7 digits (number system and six
    /// data digits; the check digit is computed) or 6 digits (number system 0 is assumed; the check digit is
    /// computed).
    case upcE
}
