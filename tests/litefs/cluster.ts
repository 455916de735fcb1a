import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { startFakeConsul } from "../fakes/consul-server";
import { startFakeTwilio } from "../fakes/twilio-server";
import { productionProcessEnv } from "../server/built-server";

// Two LiteFS nodes on this machine, each `litefs mount` with a config generated from the litefs.yml we
// ship: the same exec (migrations on the candidate, then remix-serve on the build), proxy and
// passthrough, with only the lease, the paths and the ports changed. The lease is static (node 1 is
// the primary) unless a Consul lease is asked for: then the shipped Consul lease runs as shipped (both
// nodes candidates of the primary region, promote: true) against a Consul at `consul.url`, with each
// node's own hostname and address and a TTL short enough for tests.

const root = path.resolve(import.meta.dirname, "..", "..");
const SHIPPED_CONFIG = path.join(root, "litefs.yml");
export const PRIMARY_HOSTNAME = "litefs-node-1";
export const SESSION_SECRET = "litefs-tests-secret-0123456789abcdef0123456789";

export type Ports = { http: number; proxy: number; app: number };
const NODE_PORTS: Record<1 | 2, Ports> = {
  1: { http: 20201, proxy: 3241, app: 3242 },
  2: { http: 20202, proxy: 3243, app: 3244 },
};

/** The LiteFS binary scripts/install-litefs.sh built, or the reason it cannot run here. */
export function findLiteFs(): { binary: string; version: string } | { reason: string } {
  if (process.platform !== "linux") {
    return { reason: `LiteFS mounts through Linux FUSE; this is ${process.platform}.` };
  }
  if (process.getuid?.() !== 0) {
    return { reason: "LiteFS mounts FUSE, which needs root here; this user is not root." };
  }
  if (!existsSync("/dev/fuse")) return { reason: "/dev/fuse is missing." };
  const install = spawnSync("bash", [path.join(root, "scripts", "install-litefs.sh")], {
    encoding: "utf8",
  });
  if (install.status !== 0) {
    return { reason: install.stderr.trim() || `install-litefs.sh exited ${install.status}` };
  }
  const binary = install.stdout.trim().split("\n").at(-1)!;
  const version = spawnSync(binary, ["version"], { encoding: "utf8" }).stdout.trim();
  return { binary, version };
}

/** The parts of litefs.yml this file changes; the rest is passed on as shipped. */
type LiteFsYaml = {
  fuse: object;
  data: object;
  http: { addr: string };
  proxy: { addr: string };
  lease: { promote: boolean; consul: object };
};

/** A Consul lease for the cluster: the Consul's URL, and LiteFS's `ttl` and `lock-delay` (Go durations). */
export type ConsulLease = { url: string; ttl: string; lockDelay: string };

/** Fly.io's environment for the shipped Consul lease: one app, both machines in the primary region. */
export const CONSUL_APP_NAME = "streakcoach-litefs-test";
export const CONSUL_KEY = `litefs/${CONSUL_APP_NAME}`;
const PRIMARY_REGION = "ams";

export const hostnameOf = (id: 1 | 2) => `litefs-node-${id}`;

/** The shipped litefs.yml with one node's lease, paths and addresses. */
export function nodeConfig(
  shipped: LiteFsYaml,
  node: { id: 1 | 2; fuseDir: string; dataDir: string; ports?: Ports },
  consul?: ConsulLease,
) {
  const ports = node.ports ?? NODE_PORTS[node.id];
  const onLoopback = (addr: string, port?: number) =>
    port ? `127.0.0.1:${port}` : addr.replace(/^:/, "127.0.0.1:");
  return {
    ...shipped,
    fuse: { ...shipped.fuse, dir: node.fuseDir },
    data: { ...shipped.data, dir: node.dataDir },
    http: { ...shipped.http, addr: onLoopback(shipped.http.addr, ports.http) },
    // The proxy's address keeps the shipped form (INTERNAL_PORT, expanded by LiteFS), on loopback.
    proxy: { ...shipped.proxy, addr: onLoopback(shipped.proxy.addr) },
    lease: consul
      ? consulLease(shipped, node.id, ports, consul)
      : {
          type: "static",
          hostname: PRIMARY_HOSTNAME,
          "advertise-url": `http://127.0.0.1:${node.id === 1 ? ports.http : NODE_PORTS[1].http}`,
          candidate: node.id === 1,
          promote: shipped.lease.promote,
        },
  };
}

/** The shipped lease (type, candidate rule, promote, Consul URL and key, expanded by LiteFS) with this node's name and address. */
function consulLease(shipped: LiteFsYaml, id: 1 | 2, ports: Ports, consul: ConsulLease) {
  return {
    ...shipped.lease,
    // Two nodes on one machine share its hostname, LiteFS's default: each gets its own.
    hostname: hostnameOf(id),
    "advertise-url": `http://127.0.0.1:${ports.http}`,
    consul: { ...shipped.lease.consul, ttl: consul.ttl, "lock-delay": consul.lockDelay },
  };
}

/** What Fly.io sets that the shipped Consul lease reads. */
function consulEnv(id: 1 | 2, consul: ConsulLease): Record<string, string> {
  return {
    FLY_APP_NAME: CONSUL_APP_NAME,
    FLY_REGION: PRIMARY_REGION,
    PRIMARY_REGION,
    FLY_CONSUL_URL: consul.url,
    HOSTNAME: hostnameOf(id),
  };
}

export type LiteFsNode = {
  id: 1 | 2;
  /** The LiteFS proxy: what Fly.io sends traffic to. */
  url: string;
  /** The app itself, behind the proxy. */
  appUrl: string;
  /** LiteFS's own API (GET /info). */
  apiUrl: string;
  fuseDir: string;
  databasePath: string;
  env: NodeJS.ProcessEnv;
  output: () => string[];
  /** The running `litefs mount` process's id (its process group's too). */
  pid: () => number | undefined;
  start: () => Promise<void>;
  /** Stops LiteFS (SIGKILL unless told), kills whatever it started, and unmounts its FUSE directory. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

export type ClusterOptions = {
  binary: string;
  env: Record<string, string>;
  /** Other ports than the tests' (a benchmark beside them); a second node must not use this. */
  ports?: Ports;
  /** The shipped Consul lease instead of the static one. */
  consul?: ConsulLease;
  /** Each node's ports, when not the static-lease tests' (a second cluster file). */
  nodePorts?: Record<1 | 2, Ports>;
  /** LiteFS's stdout as it comes (the app's log, which LiteFS's exec passes on). */
  onStdout?: (chunk: Buffer) => void;
  /** More paths for the proxy's passthrough list than the shipped ones (a benchmark's variant). */
  extraPassthrough?: string[];
};

export function createNode(id: 1 | 2, base: string, options: ClusterOptions): LiteFsNode {
  const dir = path.join(base, `node${id}`);
  const fuseDir = path.join(dir, "litefs");
  const dataDir = path.join(dir, "data");
  mkdirSync(fuseDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  const ports = options.ports ?? (options.nodePorts ?? NODE_PORTS)[id];
  const configPath = path.join(dir, "litefs.yml");
  const shipped = parse(readFileSync(SHIPPED_CONFIG, "utf8")) as LiteFsYaml;
  const config = nodeConfig(shipped, { id, fuseDir, dataDir, ports }, options.consul);
  if (options.extraPassthrough) {
    const proxy = config.proxy as { passthrough?: string[] };
    proxy.passthrough = [...(proxy.passthrough ?? []), ...options.extraPassthrough];
  }
  writeFileSync(configPath, stringify(config));

  const url = `http://127.0.0.1:${ports.proxy}`;
  // fly.toml's [env] as Fly.io would set it, with this node's ports and folders.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dir,
    NODE_ENV: "production",
    ...productionProcessEnv(),
    PORT: String(ports.app),
    INTERNAL_PORT: String(ports.proxy),
    LITEFS_DIR: fuseDir,
    DATABASE_FILENAME: "app.db",
    APP_URL: url,
    SESSION_SECRET,
    METRICS_PORT: "0",
    AUTH_RATE_LIMIT_PER_IP: "10000",
    BACKUP_INTERVAL_HOURS: "0",
    CRON_ENABLED: "false",
    LOG_LEVEL: "info",
    ...(options.consul ? consulEnv(id, options.consul) : {}),
    ...options.env,
  };

  const lines: string[] = [];
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const node: LiteFsNode = {
    id,
    url,
    appUrl: `http://127.0.0.1:${ports.app}`,
    apiUrl: `http://127.0.0.1:${ports.http}`,
    fuseDir,
    databasePath: path.join(fuseDir, "app.db"),
    env,
    output: () => [...lines],
    pid: () => child?.pid,
    async start() {
      // Its own process group, so that stopping it reaches the app LiteFS started.
      const started = spawn(options.binary, ["mount", "-config", configPath], {
        cwd: root,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      const collect = (chunk: Buffer) =>
        lines.push(
          ...String(chunk)
            .split("\n")
            .filter(Boolean)
            .map((l) => `[node${id}] ${l}`),
        );
      started.stdout.on("data", collect);
      if (options.onStdout) started.stdout.on("data", options.onStdout);
      started.stderr.on("data", collect);
      exited = new Promise((resolve) => started.on("exit", () => resolve()));
      await waitFor(
        `node ${id} to answer /healthz through its LiteFS proxy`,
        async () => {
          if (started.exitCode !== null) throw new Error(`litefs exited:\n${lines.join("\n")}`);
          const response = await fetch(`${url}/healthz`).catch(() => null);
          return response?.ok ?? false;
        },
        () => lines.join("\n"),
        120_000,
      );
    },
    async stop(signal = "SIGKILL") {
      const running = child;
      child = null;
      if (running?.pid && running.exitCode === null && running.signalCode === null) {
        // SIGKILL reaches the whole group at once; any other signal goes to LiteFS alone, which
        // passes it on to the app and waits for it, as on a Fly machine.
        signalGroup(running.pid, signal, signal === "SIGKILL");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
        signalGroup(running.pid, "SIGKILL", true);
        await exited;
      }
      unmount(fuseDir);
    },
  };
  return node;
}

function signalGroup(pid: number, signal: NodeJS.Signals, group: boolean) {
  try {
    process.kill(group ? -pid : pid, signal);
  } catch {
    // already gone
  }
}

/** Unmounts a FUSE directory if it is mounted (a killed LiteFS leaves it mounted and unreadable). */
export function unmount(dir: string) {
  const mounted = readFileSync("/proc/mounts", "utf8")
    .split("\n")
    .some((line) => line.split(" ")[1] === dir);
  if (!mounted) return;
  const result = spawnSync("fusermount3", ["-u", "-z", dir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`fusermount3 -u ${dir}: ${result.stderr}`);
}

export async function startCluster(options: ClusterOptions) {
  const base = mkdtempSync(path.join(tmpdir(), "streakcoach-litefs-"));
  const primary = createNode(1, base, options);
  const replica = createNode(2, base, options);
  return {
    base,
    primary,
    replica,
    /** Both nodes, for a Consul lease, where which is primary is LiteFS's choice. */
    nodes: [primary, replica] as const,
    output: () => [...primary.output(), ...replica.output()],
    async start() {
      await primary.start();
      await replica.start();
    },
    async stop() {
      await Promise.all([primary.stop(), replica.stop()]);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds; the deadline is generous (a loaded two-core machine), never an assertion of speed. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  diagnostics: () => string = () => "",
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}\n${diagnostics()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Two candidates on the shipped Consul lease, against the fake Consul, texting through the fake
 * Twilio: what the Consul lease and failover suites both start. `stop` ends all three.
 */
export async function startConsulCluster(options: {
  lease: Omit<ConsulLease, "url">;
  twilio: { accountSid: string; authToken: string; from: string };
  nodePorts: Record<1 | 2, Ports>;
  env?: Record<string, string>;
}) {
  const found = findLiteFs();
  if (!("binary" in found)) throw new Error(`LiteFS cannot run here: ${found.reason}`);
  const consul = await startFakeConsul();
  const twilio = await startFakeTwilio(options.twilio);
  const cluster = await startCluster({
    binary: found.binary,
    consul: { url: consul.url, ...options.lease },
    nodePorts: options.nodePorts,
    env: {
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: options.twilio.accountSid,
      TWILIO_AUTH_TOKEN: options.twilio.authToken,
      TWILIO_FROM_NUMBER: options.twilio.from,
      TWILIO_API_URL: twilio.url,
      ...options.env,
    },
  });
  const stop = async () => {
    await cluster.stop();
    await twilio.stop();
    await consul.stop();
  };
  return { consul, twilio, cluster, stop };
}
