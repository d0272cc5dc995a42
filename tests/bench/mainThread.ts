/**
 * Main-thread time of a page view attributed to a script's URL, from a Chromium trace, the way
 * Lighthouse's bootup-time and third-party-summary audits attribute it (and so third-party-web,
 * which reads them from HTTP Archive's runs): the renderer main thread's trace events are nested
 * into tasks by time; each event's self time goes to the URLs it names — the script of
 * `EvaluateScript`, `v8.compile` and `FunctionCall` (an event listener, an idle or animation-frame
 * callback, a timer), its stack trace (a style recalculation or layout the script forced), the
 * installer of a fired timer — or inherits those of the event it runs in; a top-level task that
 * names none takes every URL found in its tree (the scheduler's own time goes to the script that
 * caused the work). A task counts for the script when its URL is among them (the loader is the
 * only script file of the bench's pages: Lighthouse's "first script URL" is the same).
 */

/** One event of Chromium's trace (Trace Event Format), as far as this reads it. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    fileName?: string;
    data?: TraceData;
    beginData?: TraceData;
  };
}

interface TraceData {
  url?: string;
  frame?: string;
  processId?: number;
  timerId?: number | string;
  stackTrace?: { url?: string }[];
  styleSheetUrl?: string;
}

/** The categories Lighthouse records (its default trace config), the top-level tasks included. */
export const TRACE_CATEGORIES = [
  '-*',
  'toplevel',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
];

interface Task {
  event: TraceEvent;
  start: number;
  end: number;
  self: number;
  /** Self thread time: the CPU the thread spent, not the time it waited (for the browser process, or for a core on a busy machine). */
  cpuSelf: number;
  children: Task[];
  parent?: Task;
  urls: string[];
}

/** What one page view cost, in ms. */
export interface Attribution {
  /** Main-thread time attributed to the script (self times summed). */
  script: number;
  /** The same in thread time: what the main thread spent of a CPU (without waiting for the browser process or for a core). */
  scriptCpu: number;
  /** The longest top-level task with time attributed to the script: its whole duration. */
  longestTask: number;
  /** The script's time by trace event, largest first, in wall and thread time (v8.run and FunctionCall self time is the script's own JavaScript and the browser calls it makes). */
  costs: [event: string, ms: number, cpuMs: number][];
}

/** The events of `pageUrl`'s renderer main thread, and the frames' URLs by id. */
function mainThreadOf(events: TraceEvent[], pageUrl: string): { events: TraceEvent[]; frames: Map<string, string> } {
  const frames = new Map<string, string>();
  let pid: number | undefined;
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === 'TracingStartedInBrowser') for (const f of (data as { frames?: TraceData[] } | undefined)?.frames ?? []) frames.set(f.frame!, f.url!);
    if (e.name === 'FrameCommittedInBrowser' && data?.frame && data.url) {
      frames.set(data.frame, data.url);
      if (data.url === pageUrl) pid = data.processId;
    }
  }
  if (pid === undefined) throw new Error(`no renderer committed ${pageUrl} in the trace`);
  const thread = events.find((e) => e.pid === pid && e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!thread) throw new Error(`no main thread in the renderer of ${pageUrl}`);
  return {
    events: events.filter((e) => e.pid === pid && e.tid === thread.tid && (e.ph === 'X' || e.ph === 'B' || e.ph === 'E' || e.name === 'TimerInstall')),
    frames,
  };
}

/** Tasks of complete (X) events and begin/end (B/E) pairs, nested by time (children of the innermost task that contains them). */
function tasksOf(events: TraceEvent[]): Task[] {
  const tasks: Task[] = [];
  const open = new Map<string, TraceEvent[]>();
  const last = events.reduce((max, e) => Math.max(max, e.ts + (e.dur ?? 0)), 0);
  const task = (event: TraceEvent, end: number): Task => ({ event, start: event.ts, end, self: 0, cpuSelf: 0, children: [], urls: [] });
  for (const e of events) {
    if (e.ph === 'X') tasks.push(task(e, e.ts + (e.dur ?? 0)));
    else if (e.ph === 'B') open.set(e.name, [...(open.get(e.name) ?? []), e]);
    else if (e.ph === 'E') {
      const begin = open.get(e.name)?.pop();
      if (begin) tasks.push(task(begin, e.ts));
    }
  }
  for (const begins of open.values()) for (const begin of begins) tasks.push(task(begin, last));
  tasks.sort((a, b) => a.start - b.start || b.end - a.end);
  let current: Task | undefined;
  for (const next of tasks) {
    while (current && current.end <= next.start) current = current.parent;
    if (current) {
      // Trace clocks overlap a little: a child is cut to its parent.
      next.end = Math.min(next.end, current.end);
      next.parent = current;
      current.children.push(next);
    }
    current = next;
  }
  for (const t of tasks) {
    t.self = t.end - t.start - t.children.reduce((sum, c) => sum + (c.end - c.start), 0);
    t.cpuSelf = Math.max(0, (t.event.tdur ?? 0) - t.children.reduce((sum, c) => sum + (c.event.tdur ?? 0), 0));
  }
  return tasks;
}

/** Attributes `pageUrl`'s main-thread time in `events` to `scriptUrl` (see the file's comment). */
export function attribute(events: TraceEvent[], pageUrl: string, scriptUrl: string): Attribution {
  const { events: main, frames } = mainThreadOf(events, pageUrl);
  if (!main.some((e) => e.name === 'EvaluateScript' && e.args?.data?.url === scriptUrl)) throw new Error(`${scriptUrl} did not run on ${pageUrl}`);
  const timers = new Map<string, Task>();
  const installs = main.filter((e) => e.name === 'TimerInstall');
  const tasks = tasksOf(main.filter((e) => e.name !== 'TimerInstall'));
  // The task a timer was installed in: the innermost one around its TimerInstall.
  for (const install of installs) {
    let inner: Task | undefined;
    for (const t of tasks) if (t.start <= install.ts && install.ts <= t.end && (!inner || t.start >= inner.start)) inner = t;
    if (inner) timers.set(String(install.args?.data?.timerId), inner);
  }
  let lastTopLevel: string[] = [];
  const visit = (t: Task, inherited: string[], inTree: string[]): void => {
    const data = { ...t.event.args?.beginData, ...t.event.args?.data };
    const frameUrl = data.frame ? frames.get(data.frame) : undefined;
    let own: (string | undefined)[] = [];
    switch (t.event.name) {
      case 'v8.compile':
      case 'EvaluateScript':
      case 'FunctionCall':
      case 'ParseHTML':
        own = [data.url, frameUrl];
        break;
      case 'v8.compileModule':
        own = [t.event.args?.fileName];
        break;
      case 'TimerFire':
        own = timers.get(String(data.timerId))?.urls ?? [];
        break;
      case 'ParseAuthorStyleSheet':
        own = [data.styleSheetUrl, frameUrl];
        break;
      case 'UpdateLayoutTree':
      case 'Layout':
      case 'Paint':
        // Of a frame: the frame's; a top-level one of none: the previous top-level task's.
        own = frameUrl ? [frameUrl] : inTree.length ? [] : lastTopLevel;
        break;
    }
    const urls = [...inherited];
    for (const url of [...own, ...(data.stackTrace ?? []).map((f) => f.url)]) {
      if (!url) continue;
      if (!inTree.includes(url)) inTree.push(url);
      if (urls.at(-1) !== url) urls.push(url);
    }
    t.urls = urls;
    for (const child of t.children) visit(child, urls, inTree);
  };
  const fill = (t: Task, urls: string[]): void => {
    if (t.urls.length) return;
    t.urls = urls;
    t.children.forEach((c) => fill(c, urls));
  };
  let script = 0;
  let scriptCpu = 0;
  let longestTask = 0;
  const costs = new Map<string, [number, number]>();
  const sum = (t: Task): number => {
    let own = 0;
    if (t.urls.includes(scriptUrl)) {
      own = t.self;
      scriptCpu += t.cpuSelf;
      const [wall, cpu] = costs.get(t.event.name) ?? [0, 0];
      costs.set(t.event.name, [wall + t.self, cpu + t.cpuSelf]);
    }
    return t.children.reduce((total, c) => total + sum(c), own);
  };
  for (const top of tasks.filter((t) => !t.parent)) {
    const inTree: string[] = [];
    visit(top, [], inTree);
    if (!top.urls.length && inTree.length) fill(top, inTree);
    lastTopLevel = top.urls;
    const attributed = sum(top);
    script += attributed;
    if (attributed > 0) longestTask = Math.max(longestTask, top.end - top.start);
  }
  const ms = (us: number) => us / 1000;
  return {
    script: ms(script),
    scriptCpu: ms(scriptCpu),
    longestTask: ms(longestTask),
    costs: [...costs].map(([name, [wall, cpu]]): [string, number, number] => [name, ms(wall), ms(cpu)]).sort((a, b) => b[1] - a[1]),
  };
}

/**
 * The main-thread tasks (ThreadControllerImpl::RunTask, complete events) of the renderer that recorded
 * the mark `mark`, in a `toplevel` trace; none when the mark is not there.
 */
export function rendererTasks(events: readonly TraceEvent[], mark: string): TraceEvent[] {
  const marked = events.find((e) => e.name === mark);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === marked?.pid);
  if (!main) return [];
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask');
}
