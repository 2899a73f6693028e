/**
 * The verbs an operationId may name, by what they do to a resource (docs/naming.md, "The operationId names").
 * Detection reads roles from structure; an operationId only vetoes a structural role when its verb is known
 * here and belongs to another class (`POST /graders/run` with `runGrader` is an action, not a create).
 * A verb not listed here vetoes nothing.
 */

/** What a verb does: reads, creates, updates or deletes an item, or performs another command. */
export type VerbClass = 'read' | 'create' | 'update' | 'delete' | 'action';

const READ = ['get', 'list', 'retrieve', 'read', 'fetch', 'show', 'describe', 'view', 'lookup', 'load', 'find', 'query', 'browse', 'enumerate', 'search', 'count', 'select', 'obtain', 'download', 'head', 'exists'];
const CREATE = ['create', 'add', 'post', 'new', 'insert', 'make', 'register', 'upload', 'generate', 'provision', 'allocate', 'submit', 'open', 'issue'];
const UPDATE = ['update', 'patch', 'edit', 'set', 'replace', 'modify', 'change', 'put', 'save', 'alter', 'upsert', 'rename', 'configure', 'overwrite', 'amend', 'adjust'];
const DELETE = ['delete', 'remove', 'destroy', 'drop', 'erase', 'purge', 'del', 'unregister', 'revoke', 'deregister', 'discard', 'trash', 'clear'];
const ACTION = [
  'run', 'execute', 'exec', 'start', 'stop', 'restart', 'reboot', 'cancel', 'abort', 'retry', 'rerun', 'approve', 'reject', 'accept',
  'decline', 'deny', 'archive', 'unarchive', 'restore', 'lock', 'unlock', 'enable', 'disable', 'activate', 'deactivate', 'suspend',
  'unsuspend', 'resume', 'pause', 'unpause', 'publish', 'unpublish', 'trigger', 'dispatch', 'validate', 'verify', 'test', 'check',
  'sync', 'synchronize', 'refresh', 'reset', 'import', 'export', 'merge', 'move', 'copy', 'clone', 'duplicate', 'transfer', 'assign',
  'unassign', 'attach', 'detach', 'associate', 'disassociate', 'link', 'unlink', 'follow', 'unfollow', 'star', 'unstar', 'subscribe',
  'unsubscribe', 'login', 'logout', 'signin', 'signout', 'signup', 'authenticate', 'authorize', 'close', 'reopen', 'confirm',
  'complete', 'finish', 'rotate', 'renew', 'convert', 'calculate', 'compute', 'estimate', 'preview', 'render', 'deploy', 'undeploy',
  'install', 'uninstall', 'upgrade', 'downgrade', 'rollback', 'revert', 'redeploy', 'scale', 'resize', 'migrate', 'apply', 'send',
  'notify', 'invite', 'ping', 'ack', 'acknowledge', 'mark', 'block', 'unblock', 'mute', 'unmute', 'pin', 'unpin', 'hide', 'unhide',
  'share', 'unshare', 'sign', 'encrypt', 'decrypt', 'process', 'schedule', 'reschedule', 'claim', 'release', 'reserve', 'book',
  'checkout', 'pay', 'refund', 'capture', 'void', 'charge', 'invoke', 'watch', 'unwatch', 'kick', 'ban', 'unban', 'join', 'leave',
  'vote', 'like', 'unlike', 'react', 'analyze', 'evaluate', 'predict', 'classify', 'train', 'translate', 'transcribe', 'summarize',
  'reindex', 'recalculate', 'regenerate', 'resend', 'reply', 'forward', 'redeem', 'exchange', 'swap', 'toggle',
  'reorder', 'upvote', 'downvote', 'tag', 'untag', 'escalate', 'snooze', 'dismiss', 'resolve', 'unresolve', 'flush', 'purchase',
  'enroll', 'unenroll', 'freeze', 'unfreeze', 'terminate', 'kill', 'shutdown', 'promote', 'demote', 'failover', 'backup', 'recover',
  'redact', 'retract', 'withdraw', 'enqueue', 'dequeue', 'poll', 'print', 'scan', 'detect', 'extract', 'parse', 'optimize', 'compare', 'authorise',
];

const CLASS: ReadonlyMap<string, VerbClass> = new Map([
  ...ACTION.map((v) => [v, 'action'] as const),
  ...DELETE.map((v) => [v, 'delete'] as const),
  ...UPDATE.map((v) => [v, 'update'] as const),
  ...CREATE.map((v) => [v, 'create'] as const),
  ...READ.map((v) => [v, 'read'] as const),
]);

/**
 * The class of a lower-case word when it is a known verb (`list` → read, `archive` → action), else undefined.
 * @param word one lower-case word
 */
export function verbClassOf(word: string): VerbClass | undefined {
  return CLASS.get(word);
}

/** True when the word is a known verb of any class. */
export const isVerb = (word: string): boolean => CLASS.has(word);

/** Command verbs that compute an answer and make or change no item (`evaluate`, `check`): they veto a write role. */
const COMPUTING: ReadonlySet<string> = new Set([
  'evaluate', 'check', 'validate', 'verify', 'test', 'calculate', 'compute', 'estimate', 'preview', 'render', 'analyze',
  'predict', 'classify', 'compare', 'parse', 'detect', 'extract', 'translate', 'ping',
]);

/** True when the word is a command verb that computes an answer and makes or changes no item (`evaluate`, `check`, `test`). */
export const isComputingVerb = (word: string): boolean => COMPUTING.has(word);
