/// One side of a scenario: the kit's path, or the baseline it is compared with.
enum Side: Hashable, Sendable {
    case ours, baseline
}
