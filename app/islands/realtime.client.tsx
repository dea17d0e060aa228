import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from "@microsoft/signalr";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "~/components/layout/Dialog";
import { SafeHtml } from "~/components/SafeHtml";
import { formatDate } from "../../common/dates.ts";

/** Section 9: retry 3 s after a failure or disconnect; show a new notice 1.5 s after it arrives. */
export const RECONNECT_MS = 3000;
export const NOTICE_DELAY_MS = 1500;

interface Notice {
  id: string;
  title: string;
  author: string;
  time: string;
  content: string;
}

interface HubMessage {
  type: string;
  code: string;
  data: unknown;
}

export interface RealtimeProps {
  userId: string;
  /** The bell's count changed (a notice, a directed message, or after reconnecting). */
  onUnread(count: number): void;
}

async function getJson<T>(url: string): Promise<(T & { ok: true }) | { ok: false; status: number }> {
  const res = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!res.ok) return { ok: false, status: res.status };
  return (await res.json()) as T & { ok: true };
}

/** The session has ended (401 from the web): stop retrying; the next page load sends the user to log in. */
class SessionGone extends Error {}

/**
 * The client island of the layout (section 4 "Real-time connection"): one connection to the hub with the
 * official SignalR client, lazily loaded after the page is interactive. It keeps the unread badge right,
 * shows the system-message dialog for new notices, and passes the pending-task count on to compute pages
 * as a `ferrum:pending-count` window event.
 */
export default function RealtimeIsland({ userId, onUnread }: RealtimeProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  // The newest directed message, announced in a toast that leads to it.
  const [messageId, setMessageId] = useState<string | null>(null);
  const onUnreadRef = useRef(onUnread);
  onUnreadRef.current = onUnread;

  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    // Only the newest notice id is shown: a burst of publishes gives one dialog, not a stack.
    let newest = "";
    let ticket: { value: string; until: number } | null = null;

    const refreshUnread = async () => {
      const r = await getJson<{ count: number }>("/realtime/unread").catch(() => null);
      if (!stopped && r?.ok) onUnreadRef.current(r.count);
    };
    const showNotice = (id: string) => {
      newest = id;
      const timer = setTimeout(async () => {
        timers.delete(timer);
        const r = await getJson<{ notice: Notice | null }>(`/realtime/notice?id=${encodeURIComponent(id)}`).catch(() => null);
        if (!stopped && id === newest && r?.ok && r.notice) setNotice(r.notice);
      }, NOTICE_DELAY_MS);
      timers.add(timer);
    };

    const conn: HubConnection = new HubConnectionBuilder()
      .withUrl(`/signalr/messageCenterHub?AuthorizationUser=${encodeURIComponent(userId)}`, {
        transport: HttpTransportType.WebSockets,
        // Tickets live a minute; the client asks twice per connection (negotiate, then the WebSocket), so
        // one ticket serves both and a reconnection after a while fetches a fresh one.
        accessTokenFactory: async () => {
          if (ticket && Date.now() < ticket.until) return ticket.value;
          const r = await getJson<{ ticket: string; expiresIn: number }>("/realtime/ticket");
          if (r.ok) {
            ticket = { value: r.ticket, until: Date.now() + Math.max(0, r.expiresIn - 15) * 1000 };
            return r.ticket;
          }
          if (r.status === 401) stopped = true;
          throw r.status === 401 ? new SessionGone() : new Error(`ticket ${r.status}`);
        },
      })
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => (stopped ? null : RECONNECT_MS) })
      .configureLogging(LogLevel.None)
      .build();

    conn.on("receiveMessageBroadcast", (m: HubMessage) => {
      if (m?.code !== "SystemNotice" || typeof m.data !== "string") return;
      void refreshUnread();
      showNotice(m.data);
    });
    conn.on("receiveDirectionalMessageBroadcast", (m: HubMessage) => {
      void refreshUnread();
      if (typeof m?.data === "string") setMessageId(m.data);
    });
    conn.on("receivePendingCount", (m: HubMessage) => {
      window.dispatchEvent(new CustomEvent("ferrum:pending-count", { detail: m?.data }));
    });
    // A task of this user changed status ({id, status}): the task page reloads its data.
    conn.on("receiveTaskStatus", (m: HubMessage) => {
      window.dispatchEvent(new CustomEvent("ferrum:task-status", { detail: m?.data }));
    });
    // Messages may have come while the connection was down.
    conn.onreconnected(() => void refreshUnread());

    const start = () => {
      if (stopped) return;
      conn.start().then(
        () => document.documentElement.setAttribute("data-realtime", "connected"),
        () => {
          if (!stopped) retry = setTimeout(start, RECONNECT_MS);
        },
      );
    };
    conn.onreconnecting(() => document.documentElement.setAttribute("data-realtime", "reconnecting"));
    // The automatic reconnect gives up only when told to (stopped); a closed connection otherwise starts over.
    conn.onclose(() => {
      document.documentElement.setAttribute("data-realtime", "disconnected");
      if (!stopped) retry = setTimeout(start, RECONNECT_MS);
    });
    start();
    void refreshUnread();

    return () => {
      stopped = true;
      clearTimeout(retry);
      timers.forEach(clearTimeout);
      void conn.stop();
    };
  }, [userId]);

  const toast = messageId ? (
    <Link
      key={messageId}
      to={`/infoCenter/UserInfoDetail?id=${encodeURIComponent(messageId)}`}
      className="ferrum-toast ferrum-toast-info"
      role="status"
      data-testid="message-toast"
      onClick={() => setMessageId(null)}
    >
      {t("realtime.newMessage")}
    </Link>
  ) : null;
  if (!notice) return toast;
  const close = () => setNotice(null);
  return (
    <>
      {toast}
      <Dialog
        title={t("realtime.dialogTitle")}
        width={640}
        testId="system-message-dialog"
        actions={
          <>
            <button type="button" className="fe-btn fe-btn-default" onClick={close}>
              {t("realtime.close")}
            </button>
            <Link to="/infoCenter/noticeCenter" className="fe-btn fe-btn-primary" onClick={close}>
              {t("realtime.more")}
            </Link>
          </>
        }
      >
        <article className="fe-sysmsg">
          <h3 className="fe-sysmsg-title">{notice.title}</h3>
          <p className="fe-sysmsg-meta">
            <span>{notice.author}</span> <time dateTime={notice.time}>{formatDate(notice.time)}</time>
          </p>
          {/* Sanitised twice: by the API when saved and by the web route that served it. */}
          <SafeHtml html={notice.content} className="fe-sysmsg-content" testId="system-message-content" />
        </article>
      </Dialog>
    </>
  );
}
