import http from "node:http";

/** The baseline: the least a Node HTTP server can do for a JSON health answer. */
const body = JSON.stringify({ status: "ok", uptimeSeconds: 0, version: "0.0.0" });
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object")
    console.log(JSON.stringify({ msg: `Server listening at http://127.0.0.1:${address.port}` }));
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
