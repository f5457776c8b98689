// A STAND-IN for Express, not Express. Express is not installed in this repository (the server uses Fastify, and
// Express 5 would bring some thirty packages for one test), so the Express examples of the docs run against this
// module, copied into the test project as node_modules/express. It implements, after Express 5's documentation,
// only what the examples call: express(), app.post(path, ...handlers), app.listen(port, callback),
// express.raw({ type }) (the raw body as a Buffer when the Content-Type matches, else req.body stays undefined),
// req.get / req.header (case-insensitive), res.status(n).send(body) and res.sendStatus(n); a handler that throws
// or rejects is answered 500, as Express 5 does. What it proves: the examples' own code (the raw body, the header,
// the secret, the answers) verifies a real signed delivery. What it cannot: Express's own behaviour.
import http from 'node:http';

/** express.raw({ type }): reads the body into a Buffer when the request's Content-Type is `type`. */
function raw({ type = 'application/octet-stream' } = {}) {
  return async (req, _res, next) => {
    const contentType = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (contentType !== type) return next();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    req.body = Buffer.concat(chunks);
    return next();
  };
}

export default function express() {
  const routes = [];
  const handle = async (req, res) => {
    req.get = (name) => req.headers[String(name).toLowerCase()];
    req.header = req.get;
    res.status = (code) => {
      res.statusCode = code;
      return res;
    };
    res.send = (body = '') => {
      res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
      return res;
    };
    res.sendStatus = (code) => res.status(code).send(http.STATUS_CODES[code] ?? String(code));
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const route = routes.find((r) => r.method === req.method && r.path === path);
    if (!route) return res.status(404).send('Not Found');
    try {
      for (const handler of route.handlers) {
        let nextCalled = false;
        await handler(req, res, () => {
          nextCalled = true;
        });
        if (!nextCalled) break;
      }
    } catch {
      if (!res.headersSent) res.status(500).send('Internal Server Error');
    }
  };
  const app = {
    post(path, ...handlers) {
      routes.push({ method: 'POST', path, handlers });
      return app;
    },
    listen(port, callback) {
      return http.createServer((req, res) => void handle(req, res)).listen(port, callback);
    },
  };
  return app;
}

express.raw = raw;
