/**
 * What the API's modules use to push to connected clients. The hub (api/hub/) delivers: on this instance
 * straight to its connections, and through the fan-out bus to the other API instances on the same
 * database. Modules never touch connections themselves.
 */
export interface HubPublisher {
  /** Every connected client on every instance. */
  toAll(method: string, arg: unknown): Promise<void>;
  /** Only the connections of one user, on every instance. */
  toUser(userId: string, method: string, arg: unknown): Promise<void>;
}

/** The events of section 7, with their payloads. */
export const hubEvents = {
  systemNotice: (noticeId: string) => ["receiveMessageBroadcast", { type: "All", code: "SystemNotice", data: noticeId }] as const,
  directedMessage: (messageId: string) =>
    ["receiveDirectionalMessageBroadcast", { type: "Rdirectional", code: "UserMessage", data: messageId }] as const,
  /** To a task's owner: its status changed (the page then reads GetTask and the log). */
  taskStatus: (taskId: string, status: string) => ["receiveTaskStatus", { type: "Rdirectional", code: "TaskStatus", data: { id: taskId, status } }] as const,
  pendingCount: (count: number) => ["receivePendingCount", { type: "All", code: "PendingCount", data: count }] as const,
};
