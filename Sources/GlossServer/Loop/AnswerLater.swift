/// Thrown by a request handler that answers later, from the continuation of a request of its own (a command
/// waits for the client's answer to `workspace/applyEdit`): the dispatcher sends nothing, and the handler's
/// continuation calls `Server.answer(_:result:)` or `Server.answer(_:error:)` exactly once.
struct AnswerLater: Error {}
