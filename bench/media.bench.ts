import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { repoRoot } from "./lib/process";

/**
 * The media pipeline's costs (issue 5): image variant throughput (all four variants of one
 * picture: full, preview, small, extraSmall) for a 6000 px and a typical 2000 px photo, and the
 * peak memory (RSS) of processing a 6000 px image and of transcoding a 1-minute 1080p video.
 * Each measurement runs in its own process (media-worker.ts); ffmpeg's own peak is read from
 * /proc while it runs. Results: bench/results/media.{md,json}.
 */
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
const worker = path.join(repoRoot, "bench/media-worker.ts");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-bench-media-"));

/** A photo-like JPEG: smoothed noise compresses and decodes like a real picture, unlike a flat fill. */
async function photo(width: number, height: number, file: string) {
  const { data, info } = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .blur(2.5)
    .raw()
    .toBuffer({ resolveWithObject: true });
  await sharp(data, { raw: info }).jpeg({ quality: 88 }).toFile(file);
  return fs.statSync(file).size;
}

interface Peak {
  json: Record<string, number>;
  /** Peak RSS (VmHWM) of the worker's child processes (ffmpeg), MB. */
  childrenMb: number;
}

/** Runs a worker task; samples its children's VmHWM from /proc until it exits. */
function measure(args: string[]): Promise<Peak> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [worker, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    let childrenMb = 0;
    const peaks = new Map<number, number>();
    const sample = () => {
      for (const pid of descendants(child.pid!)) {
        try {
          const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
          const name = /^Name:\s+(\S+)/m.exec(status)?.[1] ?? "";
          const hwm = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
          if (name !== "node" && name !== "tsx") peaks.set(pid, Math.max(peaks.get(pid) ?? 0, hwm));
        } catch {
          // exited between listing and reading
        }
      }
      childrenMb = Math.max(childrenMb, ...peaks.values(), 0);
    };
    const timer = setInterval(sample, 50);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`worker ${args.join(" ")} exited ${code}`));
      const line = out.trim().split("\n").at(-1) ?? "{}";
      resolve({ json: JSON.parse(line), childrenMb });
    });
  });
}

function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return out;
}

const mb = (n: number) => `${Math.max(0, Math.round(n))} MB`;
try {
  console.log("Making fixtures (a 6000×6000 and a 2000×1500 photo, a 1-minute 1080p video)…");
  const big = path.join(dir, "photo-6000.jpg");
  const typical = path.join(dir, "photo-2000.jpg");
  const bigBytes = await photo(6000, 6000, big);
  const typicalBytes = await photo(2000, 1500, typical);
  const clip = path.join(dir, "minute.mp4");
  execFileSync("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1920x1080:rate=30:duration=60",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=60",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-crf",
    "20",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-shortest",
    clip,
  ]);
  const clipBytes = fs.statSync(clip).size;

  console.log("Measuring…");
  const baseline = await measure(["baseline"]);
  const bigSerial = await measure(["image", big, "5", "1"]);
  const bigParallel = await measure(["image", big, "6", "2"]);
  const typicalSerial = await measure(["image", typical, "30", "1"]);
  const typicalParallel = await measure(["image", typical, "40", "2"]);
  const bigOnce = await measure(["image", big, "1", "1"]);
  const videoRun = await measure(["video", clip]);

  const rows = [
    ["6000×6000 JPEG", `${(bigBytes / 1024 / 1024).toFixed(1)} MB`, bigSerial, bigParallel],
    ["2000×1500 JPEG", `${(typicalBytes / 1024 / 1024).toFixed(1)} MB`, typicalSerial, typicalParallel],
  ] as const;
  const v = videoRun.json;
  const lines = [
    "# media",
    "",
    `${new Date().toISOString()} · Node ${process.version} · sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}) · ${os.cpus().length} cores · ${execFileSync("ffmpeg", ["-version"]).toString().split("\n")[0]}`,
    "",
    "## Image variants (full, preview 350×448, small 350×350, extraSmall 96×96, WebP, EXIF stripped)",
    "",
    "| input | file | images/s (1 at a time) | images/s (2 at once, IMAGE_CONCURRENCY=2) | ms per image |",
    "|---|---:|---:|---:|---:|",
    ...rows.map(
      ([name, size, serial, parallel]) =>
        `| ${name} | ${size} | ${serial.json.perSecond!.toFixed(2)} | ${parallel.json.perSecond!.toFixed(2)} | ${Math.round(1000 / serial.json.perSecond!)} |`,
    ),
    "",
    "## Memory peak (RSS)",
    "",
    "| work | peak RSS of the Node process | of which above an idle pipeline | ffmpeg's own peak |",
    "|---|---:|---:|---:|",
    `| idle (modules loaded) | ${mb(baseline.json.maxRssMb!)} | – | – |`,
    `| one 6000×6000 image → 4 variants | ${mb(bigOnce.json.maxRssMb!)} | ${mb(bigOnce.json.maxRssMb! - baseline.json.maxRssMb!)} | – |`,
    `| two 6000×6000 images at once | ${mb(bigParallel.json.maxRssMb!)} | ${mb(bigParallel.json.maxRssMb! - baseline.json.maxRssMb!)} | – |`,
    `| 1-minute 1080p30 video (${(clipBytes / 1024 / 1024).toFixed(1)} MB) → MP4 + poster | ${mb(videoRun.json.maxRssMb!)} | ${mb(videoRun.json.maxRssMb! - baseline.json.maxRssMb!)} | ${mb(videoRun.childrenMb)} |`,
    "",
    `- Video: transcoded in ${v.transcodeSeconds!.toFixed(1)} s (${(60 / v.transcodeSeconds!).toFixed(2)}× real time), libx264 veryfast CRF 23, ${v.width}×${v.height}, output ${(v.outputMs! / 1000).toFixed(1)} s.`,
    "- The 6000 px picture is decoded once, shrunk on load to 2560 px; crops are cut from that copy.",
    "- Measured on a shared 2-core machine (other work running): read the figures as orders of magnitude.",
    "- Peak RSS is ru_maxrss of a worker process doing only that task; ffmpeg's is its VmHWM sampled from /proc.",
  ];
  const text = `${lines.join("\n")}\n`;
  console.log(`\n${text}`);
  fs.mkdirSync(path.join(repoRoot, "bench/results"), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, "bench/results/media.md"), text);
  fs.writeFileSync(
    path.join(repoRoot, "bench/results/media.json"),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cores: os.cpus().length,
        images: {
          "6000x6000": { bytes: bigBytes, serial: bigSerial.json, parallel: bigParallel.json },
          "2000x1500": { bytes: typicalBytes, serial: typicalSerial.json, parallel: typicalParallel.json },
        },
        memoryMb: {
          idle: baseline.json.maxRssMb,
          image6000: bigOnce.json.maxRssMb,
          image6000Parallel2: bigParallel.json.maxRssMb,
          videoNode: videoRun.json.maxRssMb,
          videoFfmpeg: videoRun.childrenMb,
        },
        video: { bytes: clipBytes, ...v },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
