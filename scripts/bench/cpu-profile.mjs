// Preloaded into the benchmark's server by `npm run bench:fanout -- --inbound RPS --cpu-prof` (Node
// refuses --cpu-prof in NODE_OPTIONS): profiles the process through the inspector and writes the
// profile to BENCH_CPU_PROFILE_DIR when it gets SIGTERM, then exits.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (!dir) throw new Error("cpu-profile: BENCH_CPU_PROFILE_DIR is not set");
const session = new Session();
session.connect();
session.post("Profiler.enable", () => session.post("Profiler.start"));
process.once("SIGTERM", () => {
  session.post("Profiler.stop", (error, result) => {
    if (!error) {
      const file = path.join(dir, `server-${process.pid}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
    }
    process.exit(0);
  });
});
