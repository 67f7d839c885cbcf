// Drawing a chart is one synchronous piece of work on the main thread. A page of several charts
// draws them one per task, so the page stays responsive between them and no single task grows
// with the number of charts (decision 030: one 24-month daily chart stays under 50 ms).

type Job = () => void;

const queue: Job[] = [];
let scheduled = false;

const nextTask: (run: () => void) => void =
  typeof MessageChannel === "function"
    ? (run) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          run();
        };
        channel.port2.postMessage(null);
      }
    : (run) => setTimeout(run, 0);

function drain() {
  const job = queue.shift();
  if (job) {
    const start = performance.now();
    job();
    // uPlot finishes drawing in a microtask of the same task; this one runs after it, so the
    // measure ("chart-draw" in the browser's performance timeline) covers the whole draw.
    queueMicrotask(() => performance.measure("chart-draw", { start, end: performance.now() }));
  }
  if (queue.length > 0) nextTask(drain);
  else scheduled = false;
}

/** Runs `job` in a task of its own after the ones queued before it; the returned function cancels it. */
export function scheduleDraw(job: Job): () => void {
  queue.push(job);
  if (!scheduled) {
    scheduled = true;
    nextTask(drain);
  }
  return () => {
    const index = queue.indexOf(job);
    if (index >= 0) queue.splice(index, 1);
  };
}
