/**
 * Media fixtures made at test time (nothing binary in git): images with sharp; 8 s of audio (long
 * enough not to end mid-test and move on to the next track) and 2 s of video from ffmpeg's lavfi
 * sources; a PDF written by hand; a .docx by LibreOffice from text.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export interface Fixtures {
  dir: string;
  image: string;
  pdf: string;
  docx: string;
  audioA: string;
  audioB: string;
  video: string;
}

function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

export async function makeFixtures(stamp: string): Promise<Fixtures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-media-e2e-"));
  const image = path.join(dir, `landscape-${stamp}.png`);
  // 900×600 with a red left half and a blue right half: a crop shows which part it took.
  const half = (color: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 450, height: 600, channels: 3, background: color } })
      .png()
      .toBuffer();
  await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .composite([{ input: await half({ r: 220, g: 40, b: 40 }), left: 0, top: 0 }])
    .png()
    .toFile(image);

  const pdf = path.join(dir, `brief-${stamp}.pdf`);
  fs.writeFileSync(pdf, tinyPdf(`Media brief ${stamp}`));

  const txt = path.join(dir, `memo-${stamp}.txt`);
  fs.writeFileSync(txt, `Quarterly memo ${stamp}\n\nThe document converted by LibreOffice.\n`);
  execFileSync("soffice", ["--headless", "--convert-to", "docx", "--outdir", dir, txt], {
    stdio: "ignore",
    timeout: 120_000,
    env: { ...process.env, HOME: dir },
  });
  const docx = path.join(dir, `memo-${stamp}.docx`);
  if (!fs.existsSync(docx)) throw new Error("LibreOffice did not write the .docx fixture");

  const ffmpeg = (args: string[]) =>
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  const audioA = path.join(dir, `episode-a-${stamp}.mp3`);
  const audioB = path.join(dir, `episode-b-${stamp}.mp3`);
  ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=8", audioA]);
  ffmpeg(["-f", "lavfi", "-i", "sine=frequency=660:duration=8", audioB]);
  const video = path.join(dir, `clip-${stamp}.mp4`);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=duration=2:size=320x240:rate=25",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=500:duration=2",
    "-shortest",
    "-pix_fmt",
    "yuv420p",
    "-c:v",
    "libx264",
    "-c:a",
    "aac",
    video,
  ]);
  return { dir, image, pdf, docx, audioA, audioB, video };
}
