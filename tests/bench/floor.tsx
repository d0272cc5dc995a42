/**
 * The bench's floor (tests/bench/list.ts): a bare React 19 page of a bench channel's transcript —
 * one plain div a message (sender, text, time), no virtualisation, no memo, nothing else — that
 * the widget's list is measured against in the same run. It starts a visitor of the channel on the
 * widget's server (`?api=` its origin, `&channelid=`), reads the history page the simple way
 * (response.json()), renders it at the end of a scroller, and appends what Enter sends in its
 * textarea to the list, as a chat would show a message sent.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';

interface Row {
  id: string;
  sender: string;
  text: string;
  time: string;
}

/** What the server answers: the envelope, and the message fields the floor shows. */
interface Envelope<T> {
  code: number;
  data: T;
}
interface WireMessage {
  id?: string;
  senderType: number;
  senderName?: string;
  msgContent: string;
  msgTime?: number;
}

const VISITOR = 1;
const query = new URLSearchParams(location.search);
const api = `${query.get('api') ?? ''}/api/chat/visitor/`;
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

async function call<T>(name: string, body: object): Promise<T> {
  const response = await fetch(api + name, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as Envelope<T>;
  return envelope.data;
}

/** The channel's history, oldest first, as rows. */
async function transcript(): Promise<Row[]> {
  const { userId } = await call<{ userId: string }>('chatStart', { channelId: query.get('channelid') ?? 'bench' });
  const messages = await call<WireMessage[]>('getHistoryMsg', { userId, pageSize: 20 });
  return messages.map((m, i) => ({
    id: m.id ?? String(i),
    sender: m.senderName ?? (m.senderType === VISITOR ? 'You' : 'Agent'),
    text: m.msgContent,
    time: clock.format(m.msgTime ?? 0),
  }));
}

function Floor({ history }: { history: Promise<Row[]> }) {
  const [rows, setRows] = useState<Row[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void history.then(setRows);
  }, [history]);
  // The newest message in view, as a chat shows it.
  useLayoutEffect(() => {
    const s = scroller.current;
    if (s) s.scrollTop = s.scrollHeight;
  }, [rows]);
  const send = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    const text = event.currentTarget.value.trim();
    event.currentTarget.value = '';
    if (text) setRows((all) => [...all, { id: `sent-${all.length}`, sender: 'You', text, time: clock.format(Date.now()) }]);
  };
  return (
    <div className="chat" style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <div ref={scroller} style={{ flex: 1, overflowY: 'auto' }}>
        {rows.map((row) => (
          <div key={row.id} className="message">
            <div>{row.sender}</div>
            <div>{row.text}</div>
            <div>{row.time}</div>
          </div>
        ))}
      </div>
      <textarea aria-label="Message" onKeyDown={send} />
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Floor history={transcript()} />);
