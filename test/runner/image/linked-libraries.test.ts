import { expect, test } from "bun:test";
import { linkedLibraries } from "../../../runner/image/offline-base.ts";

test("takes resolved paths and the loader, not the vDSO", () => {
  const ldd = `	linux-vdso.so.1 (0x00007ffd)
	libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f47)
	/lib64/ld-linux-x86-64.so.2 (0x00007f47bc3de000)
	libpthread.so.0 => /lib/x86_64-linux-gnu/libpthread.so.0 (0x00007f47)
	libdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2 (0x00007f47)
	libm.so.6 => /lib/x86_64-linux-gnu/libm.so.6 (0x00007f47)`;
  expect(linkedLibraries(ldd)).toEqual([
    "/lib/x86_64-linux-gnu/libc.so.6",
    "/lib64/ld-linux-x86-64.so.2",
    "/lib/x86_64-linux-gnu/libpthread.so.0",
    "/lib/x86_64-linux-gnu/libdl.so.2",
    "/lib/x86_64-linux-gnu/libm.so.6",
  ]);
});

test("a static binary has none", () => {
  expect(linkedLibraries("	not a dynamic executable")).toEqual([]);
});
