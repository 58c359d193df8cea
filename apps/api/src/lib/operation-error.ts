/**
 * An operation refused for a reason its caller may tell apart (the `ops` command prints the
 * message; the development routes answer `not_found` or `conflict`): the order or product does
 * not exist, or its state does not allow the operation.
 */
export class OperationError extends Error {
  constructor(
    readonly reason: 'missing' | 'state',
    message: string,
  ) {
    super(message);
    this.name = 'OperationError';
  }
}
