import { listenOnLoopback, readAll } from "../fakes/loopback-server";

/**
 * Between the coach and the real model, keeping every answer the model gave (`answers`). With
 * `holdMs`, it answers each request with its status and headers at once, then holds the model's body
 * for `holdMs` more (a model server under load that has started its answer); without, it passes the
 * answer on as it comes.
 */
export async function startModelProxy(target: string, { holdMs = 0 }: { holdMs?: number } = {}) {
  const answers: string[] = [];
  const server = await listenOnLoopback((req, res) => {
    void (async () => {
      const body = await readAll(req);
      if (holdMs > 0) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.flushHeaders();
      }
      const upstream = await fetch(`${target}${req.url!.replace(/^\/v1/, "")}`, {
        method: req.method,
        headers: {
          "Content-Type": "application/json",
          Authorization: req.headers.authorization ?? "",
        },
        body: body.toString("utf8"),
      });
      const answer = await upstream.text();
      answers.push(answer);
      if (holdMs === 0) {
        res.writeHead(upstream.status, { "Content-Type": "application/json" });
        return res.end(answer);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, holdMs);
        res.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (!res.destroyed) res.end(answer);
    })().catch(() => res.destroy());
  });
  return {
    url: `${server.url}/v1`,
    /** The model's answers (the response bodies), oldest first. */
    answers,
    close: server.close,
  };
}
