// The public HTTP API (README.md "HTTP API"), as a seat sees it: every call carries the
// seat's bearer token, so the server redacts everything for that seat.

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || "error";
  }
}

async function request(method, path, { token, body, signal } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, data || {});
  return data;
}

// The games the server hosts: [{ id, title: { ja, en }, seats: { min, max }, levels,
// options: [{ name, kind, default, description, minimum, maximum, choices }], ... }].
export async function listGames() {
  return (await request("GET", "/v1/games")).games;
}

// A new match of `game`: one person in seat 0 and computer players at `level` in the others.
export function createMatch({ game, players, level, options }) {
  const seats = [{ type: "human", name: "you" }];
  for (let i = 1; i < players; i++) seats.push({ type: "npc", level });
  return request("POST", "/v1/matches", { body: { game, seats, options } });
}

export class Seat {
  constructor(matchId, token) {
    this.base = `/v1/matches/${encodeURIComponent(matchId)}`;
    this.token = token;
  }

  view() {
    return request("GET", this.base, { token: this.token });
  }

  // A move of the match's game, { kind, ...its parameters }; answers the seat's view after it.
  act(action) {
    return request("POST", `${this.base}/actions`, { token: this.token, body: action });
  }

  async events(after = 0) {
    const data = await request("GET", `${this.base}/events?after=${after}`, { token: this.token });
    return Array.isArray(data) ? data : data.events;
  }

  // Server-Sent Events read through fetch rather than EventSource, because EventSource cannot
  // send the Authorization header and a token in the URL would end up in access logs.
  // Calls onEvent(event) for each event after `after`. When the server ends the stream (the
  // match is over, or the stream has lived its time) `more()` resolves to whether to go on;
  // a lost connection is picked up again from the last event seen, until stop() is called.
  stream(after, { onEvent, more }) {
    const controller = new AbortController();
    let last = after;
    const run = async () => {
      while (!controller.signal.aborted) {
        try {
          const response = await fetch(`${this.base}/stream?after=${last}`, {
            headers: { Accept: "text/event-stream", Authorization: `Bearer ${this.token}` },
            signal: controller.signal,
          });
          if (!response.ok) throw new ApiError(response.status, {});
          await readEvents(response.body, (event) => {
            if (event.version > last) {
              last = event.version;
              onEvent(event);
            }
          });
          if (!(await more())) return;
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000)); // then reconnect
      }
    };
    run();
    return { stop: () => controller.abort() };
  }
}

// Parse a text/event-stream body: blank-line separated blocks whose data lines hold JSON.
async function readEvents(body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data) onEvent(JSON.parse(data));
    }
  }
}
