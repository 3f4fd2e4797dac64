// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
//
// sharp (npm's, libvips inside) for the benchmarks, installed by tests/bench/sharp.sh. Two ways:
//
//   node sharp_resize.cjs batch SIZES OUTDIR THREADS FORMAT QUALITY
//       Each line of SIZES is "FILE WxH": the file shrunk to fit inside WxH (fit: "inside", as
//       Pillow's thumbnail), upright by its EXIF orientation, written to OUTDIR as FORMAT (jpeg
//       or webp at QUALITY, or png at sharp's default zlib level, 6). THREADS files at a time, each on one libvips thread
//       (sharp.concurrency(1), UV_THREADPOOL_SIZE set by the caller): the thread budget of
//       dropsize-cli --threads THREADS.
//
//   node sharp_resize.cjs task FILE COUNT OUTDIR
//       sharp's own published task (its test/bench/perf.js, "sharp file-file"): FILE to 720x588
//       with Lanczos 3, JPEG quality 80, COUNT times one after another with sharp's defaults
//       (libvips' threads on every core) and its cache off, as perf.js runs it. Prints images
//       per second; the output goes to OUTDIR/task.jpg.
"use strict";
const fs = require("fs");
const path = require("path");
const sharp = require("sharp");

async function batch(sizesFile, outDir, threads, format, quality) {
    sharp.concurrency(1);
    const jobs = fs.readFileSync(sizesFile, "utf8").split("\n").filter(Boolean).map((line) => {
        const at = line.lastIndexOf(" ");
        const [width, height] = line.slice(at + 1).split("x").map(Number);
        return { file: line.slice(0, at), width, height };
    });
    let next = 0;
    const worker = async () => {
        while (next < jobs.length) {
            const job = jobs[next++];
            const name = path.parse(job.file).name + ({ webp: ".webp", png: ".png" }[format] ?? ".jpg");
            await sharp(job.file)
                .rotate()
                .resize({ width: job.width, height: job.height, fit: "inside" })
                .toFormat(format, format === "png" ? {} : { quality }) // quality would quantise a PNG
                .toFile(path.join(outDir, name));
        }
    };
    await Promise.all(Array.from({ length: threads }, worker));
}

async function task(file, count, outDir) {
    sharp.cache(false);
    const out = path.join(outDir, "task.jpg");
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; ++i) {
        await sharp(file)
            .resize(720, 588, { kernel: sharp.kernel.lanczos3 })
            .jpeg({ quality: 80 })
            .toFile(out);
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    console.log((count / seconds).toFixed(2));
}

const [mode, ...args] = process.argv.slice(2);
const done = mode === "batch"
    ? batch(args[0], args[1], Number(args[2]), args[3], Number(args[4]))
    : task(args[0], Number(args[1]), args[2]);
done.catch((error) => {
    console.error(`sharp: ${error.message}`);
    process.exit(1);
});
