import Foundation

extension InventoryState {
    /// This state with the history `written` holds replaced by `sealed`, the history of the checkpoint just
    /// written of `written` — an earlier state of this one: the history folded since stays in memory, the rest is
    /// read from the checkpoint's bytes from now on. A part that is not a continuation of `written`'s (the state was
    /// rebuilt meanwhile) is left as it is.
    ///
    /// The next checkpoint then copies the sealed bytes instead of encoding the whole history again, so writing a
    /// checkpoint costs what was folded since the last one, and the state holds the history as compact bytes.
    func resealed(by sealed: SealedHistory, after written: InventoryState) -> InventoryState {
        var state = self
        if let entryLog = entryLog.resealed(sealed, writtenFrom: written.entryLog) { state.entryLog = entryLog }
        if let effects = effects.resealed(sealed, writtenFrom: written.effects) { state.effects = effects }
        if let consumption = consumption.resealed(sealed, writtenFrom: written.consumption) { state.consumption = consumption }
        return state
    }
}
