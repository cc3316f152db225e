/**
 * Stands in for eventemitter2 in the browser build (vite.config.ts aliases it here; test/engine/
 * event-emitter.test.ts holds it to eventemitter2's behaviour): json-rules-engine only subscribes with `on`
 * and announces results with `emitAsync`, and its compiled classes call the parent constructor as a
 * function, so this is a constructor function, not a class. 18 KB of eventemitter2 (wildcards, namespaces,
 * time-outs) the portal never uses stay out.
 */
type Listener = (...args: unknown[]) => unknown;

interface Emitter {
  _listeners: Map<string, Listener[]>;
}

function EventEmitter(this: Emitter): void {
  this._listeners = new Map();
}

const proto = EventEmitter.prototype as Record<string, unknown>;

proto.on = function on(this: Emitter, event: string, listener: Listener) {
  const list = this._listeners.get(event) ?? [];
  list.push(listener);
  this._listeners.set(event, list);
  return this;
};
proto.addListener = proto.on;

proto.off = function off(this: Emitter, event: string, listener: Listener) {
  const list = this._listeners.get(event);
  if (list)
    this._listeners.set(
      event,
      list.filter((l) => l !== listener),
    );
  return this;
};
proto.removeListener = proto.off;

proto.removeAllListeners = function removeAllListeners(this: Emitter, event?: string) {
  if (event === undefined) this._listeners.clear();
  else this._listeners.delete(event);
  return this;
};

proto.listeners = function listeners(this: Emitter, event: string) {
  return [...(this._listeners.get(event) ?? [])];
};

proto.emit = function emit(this: Emitter, event: string, ...args: unknown[]) {
  const list = this._listeners.get(event) ?? [];
  for (const l of [...list]) l.apply(this, args);
  return list.length > 0;
};

/** Calls every listener and resolves when all of them have (eventemitter2's emitAsync). */
proto.emitAsync = function emitAsync(this: Emitter, event: string, ...args: unknown[]) {
  const list = [...(this._listeners.get(event) ?? [])];
  return Promise.all(list.map((l) => l.apply(this, args)));
};

export default EventEmitter;
export { EventEmitter, EventEmitter as EventEmitter2 };
