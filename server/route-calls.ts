// The loaders and actions still running, for the shutdown. http.Server#close calls back once
// every connection has closed, but when a client goes away (a closed tab, a dropped mobile
// connection) Remix answers its aborted request at once and leaves the loader or action running on
// its own: it still queries the database. The shutdown waits for these before closing the
// database, or they fail with "driver has already been destroyed" (seen when a benchmark stopped
// its server under load).
import type { ServerBuild } from "@remix-run/node";

export interface RouteCalls {
  /** Runs `work`, counted until it settles. */
  track<T>(work: () => T | Promise<T>): Promise<T>;
  /** Resolves once no loader or action is running (at once when none is). */
  settled(): Promise<void>;
  count(): number;
}

export function routeCalls(): RouteCalls {
  let running = 0;
  let waiting: Array<() => void> = [];
  return {
    async track(work) {
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
        if (running === 0) {
          const done = waiting;
          waiting = [];
          for (const resolve of done) resolve();
        }
      }
    },
    settled: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    count: () => running,
  };
}

type RouteModule = ServerBuild["routes"][string]["module"];

/**
 * A build whose loaders and actions are counted by `calls`, everything else as it was. In
 * development each request hands over the build Vite holds: it is wrapped once, not per request.
 */
export function countingRouteCalls(calls: RouteCalls): (build: ServerBuild) => ServerBuild {
  const counted = new WeakMap<ServerBuild, ServerBuild>();
  return (build) => {
    let wrapped = counted.get(build);
    if (!wrapped) counted.set(build, (wrapped = withCountedRoutes(build, calls)));
    return wrapped;
  };
}

function withCountedRoutes(build: ServerBuild, calls: RouteCalls): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    const module: RouteModule = { ...route.module };
    if (loader) module.loader = (args) => calls.track(() => loader(args));
    if (action) module.action = (args) => calls.track(() => action(args));
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
