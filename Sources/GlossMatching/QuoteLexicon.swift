import Synchronization

/// The normalised tokens of many source texts, interned once: a workspace shares one, so that each `QuoteIndex`
/// keeps only the sorted global ids of its own tokens rather than their spellings.
///
/// It only grows, and is safe to use from several threads (a mutex guards it; readers look up in a copy).
package final class QuoteLexicon: Sendable {
  private let vocabulary = Mutex(QuoteVocabulary())

  /// An empty lexicon.
  package init() {}

  /// How many distinct tokens it holds.
  package var count: Int { vocabulary.withLock { $0.count } }

  /// Bytes it holds, for memory reports.
  package var byteCount: Int { vocabulary.withLock { $0.byteCount } }

  /// The global id of every token of `local`, in `local`'s id order, adding the new ones.
  func intern(_ local: QuoteVocabulary) -> [UInt32] {
    vocabulary.withLock { vocabulary in
      // An empty lexicon (an index of its own, as a search's chunk has) takes the tokens as they are: interning them
      // one by one would give each the id it has.
      if vocabulary.count == 0 {
        vocabulary = local
        return (0..<UInt32(local.count)).map { $0 }
      }
      return vocabulary.intern(contentsOf: local)
    }
  }

  /// `body` with the tokens interned so far (for many lookups at once): a copy taken under the lock, sharing its
  /// storage, so that checks on every core look up at once rather than wait for one another (held for a whole
  /// quotation's lookups, the lock kept the other core spinning through a twentieth of the bulk diagnosis). The
  /// lexicon only grows, so the copy holds every token interned before `body` runs; interning meanwhile copies the
  /// storage for the lexicon once.
  func reading<R>(_ body: (QuoteVocabulary) -> R) -> R {
    let interned = vocabulary.withLock { $0 }
    return body(interned)
  }

  /// The global id of `token`, or nil when no text has it.
  func id(of token: UnsafeBufferPointer<UInt8>) -> UInt32? {
    vocabulary.withLock { $0.id(of: token) }
  }
}
