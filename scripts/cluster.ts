/**
 * `npm run cluster -- [--instances N] [--port P] [--bind ADDRESS]`: the product as it runs at scale
 * (docs/operations.md, "Several instances"): HAProxy on one port in front of N instances of the
 * built server (build/server/start.js, `npm run build`), all on one PostgreSQL database
 * (`DATABASE_URL=postgres://…`) and one Redis (`REDIS_URL`), serving the PWA and the API.
 *
 * HAProxy's configuration is ops/cluster/haproxy.cfg, filled in here: health checks on
 * `/api/v1/readyz`, X-Forwarded-For (the instances run with TRUST_PROXY and listen on 127.0.0.1
 * only), and a retry on another instance when one refuses a connection or closes it unanswered.
 *
 * Instances: the first starts alone (it migrates and seeds a new database), then the others. One
 * that dies is started again on its port (its start-up releases the Idempotency-Keys it left in
 * flight). SIGHUP restarts them one at a time (a rolling restart, e.g. after a new build): SIGTERM
 * (the instance drains: `/readyz` answers 503 for DRAIN_SECONDS, HAProxy takes it out, requests in
 * flight finish), start again, wait until HAProxy has it back, then the next. SIGTERM or SIGINT
 * stops the cluster: HAProxy stops accepting and finishes what is in flight, then the instances.
 *
 * Prints one line per event (`cluster: …`, HAProxy's own lines as `haproxy: …`, each instance's
 * log as `[iN] …`). Installs nothing: without HAProxy it says how to get it. Exit codes: 2 for a
 * bad argument, 1 for what the machine lacks or a failure, 0 after a stop by signal.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')

/** Most instances one cluster runs: each holds up to 15 PostgreSQL connections (README, PostgreSQL). */
export const MAX_INSTANCES = 32
/** HAProxy's health check: every CHECK_INTERVAL_S, FALL failures take an instance out. */
const CHECK_INTERVAL_S = 1
const FALL = 2
/** How long a stopping instance answers readyz 503 before it closes: HAProxy's FALL checks and a margin. */
export const DRAIN_SECONDS = CHECK_INTERVAL_S * FALL + 2
/** How long an instance may take to answer readyz 200 after its start (migrations on a large database). */
const START_TIMEOUT_MS = 180_000

/** The cluster's arguments. */
export interface ClusterOptions {
  /** Instances of the API, 1…MAX_INSTANCES (default 2). */
  instances: number
  /** The one public port (PWA and API); default `PORT` or 8080. */
  port: number
  /** The address HAProxy listens on; default 0.0.0.0 (all interfaces). */
  bind: string
}

/** A bad command line: the message says what to write instead. */
export class UsageError extends Error {}

export const USAGE =
  'usage: npm run cluster -- [--instances N] [--port PORT] [--bind ADDRESS]\n' +
  `  --instances N   API instances behind HAProxy, 1 to ${MAX_INSTANCES} (default 2)\n` +
  '  --port PORT     the public port for the PWA and the API (default $PORT or 8080)\n' +
  '  --bind ADDRESS  the address HAProxy listens on (default 0.0.0.0)\n' +
  'environment: DATABASE_URL=postgres://… and REDIS_URL=redis://… (required), and the\n' +
  "server's own variables (README, Configuration), passed to every instance."

/** A whole number in `[min, max]` from `text`, or a UsageError naming `flag`. */
function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number {
  const value = text !== undefined && /^\d+$/.test(text.trim()) ? Number(text) : NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(
      `${flag} must be a whole number from ${min} to ${max}` +
        (text === undefined ? ', and is missing its value' : ` (got "${text}")`),
    )
  }
  return value
}

/**
 * Reads the command line (`argv` without node and the script) and `env.PORT`; throws UsageError
 * for an unknown argument, a missing value, or an `--instances` outside 1…MAX_INSTANCES or not a
 * whole number (0, -1, abc, 1.5, 1000 are all refused).
 */
export function parseClusterArgs(argv: string[], env: NodeJS.ProcessEnv = {}): ClusterOptions {
  const options: ClusterOptions = {
    instances: 2,
    port: env.PORT ? wholeNumber('PORT', env.PORT, 1, 65_535) : 8080,
    bind: '0.0.0.0',
  }
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = (argv[i] ?? '').split(/=(.*)/s, 2)
    const value = () => (inline !== undefined ? inline : argv[++i])
    if (flag === '--instances') options.instances = wholeNumber(flag, value(), 1, MAX_INSTANCES)
    else if (flag === '--port') options.port = wholeNumber(flag, value(), 1, 65_535)
    else if (flag === '--bind') {
      const address = value()
      if (!address || net.isIP(address) === 0)
        throw new UsageError(`--bind must be an IP address (got "${address ?? ''}")`)
      options.bind = address
    } else throw new UsageError(`unknown argument "${argv[i]}"`)
  }
  return options
}

/** The HAProxy binary: `HAPROXY` if set, else `haproxy` on PATH or in /usr/sbin, /usr/local/sbin; or null. */
export function findHaproxy(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.HAPROXY) return fs.existsSync(env.HAPROXY) ? env.HAPROXY : null
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']
  for (const dir of dirs) {
    const candidate = path.join(dir, 'haproxy')
    if (dir && fs.existsSync(candidate)) return candidate
  }
  return null
}

/**
 * What the machine lacks for a cluster, as messages (empty: nothing): a PostgreSQL DATABASE_URL,
 * a REDIS_URL, the build, HAProxy.
 */
export function missingForCluster(env: NodeJS.ProcessEnv): string[] {
  const missing: string[] = []
  const database = env.DATABASE_URL ?? ''
  if (!/^postgres(ql)?:\/\//.test(database)) {
    missing.push(
      'DATABASE_URL must name a PostgreSQL database (postgres://…): every instance shares it, ' +
        `and SQLite is a file one process owns (got "${database || 'unset'}").`,
    )
  }
  if (!/^rediss?:\/\//.test(env.REDIS_URL ?? '')) {
    missing.push(
      'REDIS_URL must name a Redis (redis://…): the rate limits are counted there, once for ' +
        'all instances.',
    )
  }
  for (const built of ['build/server/start.js', 'dist/index.html']) {
    if (!fs.existsSync(path.join(root, built)))
      missing.push(`${built} is missing: run \`npm run build\` first.`)
  }
  if (!findHaproxy(env)) {
    missing.push(
      'HAProxy is not installed (looked for `haproxy` on PATH and in /usr/sbin). Install it with ' +
        '`sudo apt-get install haproxy` (Debian, Ubuntu; 2.6 or later), or set HAPROXY to its path.',
    )
  }
  return missing
}

/** A TCP port free right now on 127.0.0.1 (the OS's pick); rejects if none can be bound. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const stamp = () => new Date().toISOString().slice(11, 23)
const say = (line: string) => console.log(`${stamp()} cluster: ${line}`)

/** Prints each line of `stream` with `prefix`, and hands it to `onLine`. */
function relay(stream: NodeJS.ReadableStream | null, prefix: string, onLine?: (l: string) => void) {
  if (!stream) return
  readline.createInterface({ input: stream }).on('line', (line) => {
    console.log(`${stamp()} ${prefix} ${line}`)
    onLine?.(line)
  })
}

/** One API instance: its name in HAProxy (`i1`…), its port, and its process while it runs. */
interface Instance {
  name: string
  port: number
  child: ChildProcess | null
  /** Set while the cluster itself stops or restarts it: its exit is then expected. */
  stopping: boolean
  /** Restarts after unexpected exits in a row (the back-off's exponent). */
  crashes: number
}

/** The whole cluster while it runs. */
class Cluster {
  readonly instances: Instance[] = []
  private haproxy: ChildProcess | null = null
  private closing = false
  private readonly runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'watch-earn-cluster-'))

  constructor(
    private readonly options: ClusterOptions,
    private readonly haproxyBin: string,
  ) {}

  /** Starts the instances (the first alone), then HAProxy; resolves once HAProxy has every instance up. */
  async start(): Promise<void> {
    for (let i = 1; i <= this.options.instances; i += 1)
      this.instances.push({
        name: `i${i}`,
        port: await freePort(),
        child: null,
        stopping: false,
        crashes: 0,
      })
    const [first, ...rest] = this.instances
    if (first) await this.startInstance(first)
    await Promise.all(rest.map((instance) => this.startInstance(instance)))
    await this.startHaproxy()
    await this.untilHaproxyHas(this.instances, 'UP')
    say(
      `serving http://${this.options.bind === '0.0.0.0' ? '127.0.0.1' : this.options.bind}:${this.options.port} ` +
        `(${this.instances.length} instances; HAProxy configuration ${path.join(this.runDir, 'haproxy.cfg')})`,
    )
  }

  /** Starts `instance` on its port and resolves once its readyz answers 200. */
  private async startInstance(instance: Instance): Promise<void> {
    const child = spawn(
      process.execPath,
      [
        '--enable-source-maps',
        '--input-type=module',
        '-e',
        'const { startServer } = await import(process.argv[1]); await startServer()',
        pathToFileURL(path.join(root, 'build/server/start.js')).href,
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(instance.port),
          HOST: '127.0.0.1',
          TRUST_PROXY: '1',
          DRAIN_SECONDS: String(DRAIN_SECONDS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: a Ctrl-C in the terminal reaches the cluster alone, which then
        // stops HAProxy and the instances in order.
        detached: true,
      },
    )
    instance.child = child
    instance.stopping = false
    relay(child.stdout, `[${instance.name}]`)
    relay(child.stderr, `[${instance.name}]`)
    child.once('exit', (code, signal) => void this.exited(instance, child, code, signal))
    const deadline = Date.now() + START_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null || instance.child !== child)
        throw new Error(`instance ${instance.name} exited while starting`)
      const ready = await fetch(`http://127.0.0.1:${instance.port}/api/v1/readyz`, {
        signal: AbortSignal.timeout(5000),
      }).catch(() => null)
      if (ready?.status === 200) {
        say(`instance ${instance.name} ready (pid ${child.pid}, port ${instance.port})`)
        return
      }
      await sleep(200)
    }
    throw new Error(`instance ${instance.name} did not answer readyz within ${START_TIMEOUT_MS} ms`)
  }

  /** An instance's process ended: expected (a stop or a rolling restart) or started again. */
  private async exited(
    instance: Instance,
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): Promise<void> {
    const how = signal ? `signal ${signal}` : `code ${code}`
    if (instance.child !== child) return
    instance.child = null
    if (instance.stopping || this.closing) {
      say(`instance ${instance.name} stopped (${how})`)
      return
    }
    instance.crashes += 1
    const backOffMs = Math.min(30_000, 500 * 2 ** (instance.crashes - 1))
    say(`instance ${instance.name} (pid ${child.pid}) exited (${how}); starting it again`)
    await sleep(backOffMs)
    if (this.closing || instance.child) return
    try {
      await this.startInstance(instance)
      instance.crashes = 0
    } catch (error) {
      say(`instance ${instance.name} failed to start: ${(error as Error).message}`)
    }
  }

  /** Renders ops/cluster/haproxy.cfg into the run directory and runs HAProxy in the foreground. */
  private async startHaproxy(): Promise<void> {
    const template = fs.readFileSync(path.join(root, 'ops/cluster/haproxy.cfg'), 'utf8')
    const servers = this.instances.map((i) => `    server ${i.name} 127.0.0.1:${i.port}`).join('\n')
    const config = template
      .replaceAll('{{RUN_DIR}}', this.runDir)
      .replaceAll('{{BIND}}', this.options.bind)
      .replaceAll('{{PORT}}', String(this.options.port))
      .replaceAll('{{SERVERS}}', servers)
    const file = path.join(this.runDir, 'haproxy.cfg')
    fs.writeFileSync(file, config)
    const checked = spawnSync(this.haproxyBin, ['-c', '-q', '-f', file], { encoding: 'utf8' })
    if (checked.status !== 0)
      throw new Error(`HAProxy refused its configuration:\n${checked.stderr || checked.stdout}`)
    const haproxy = spawn(this.haproxyBin, ['-W', '-db', '-f', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    this.haproxy = haproxy
    relay(haproxy.stdout, 'haproxy:')
    relay(haproxy.stderr, 'haproxy:')
    haproxy.once('exit', (code, signal) => {
      if (this.closing) return
      say(`HAProxy exited (${signal ?? `code ${code}`}); stopping the cluster`)
      void this.stop(1)
    })
  }

  /** Asks HAProxy's runtime API (`show stat`) for each instance's state: UP, DOWN, MAINT, … */
  async haproxyStates(): Promise<Map<string, string>> {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(path.join(this.runDir, 'haproxy.sock'))
      let answer = ''
      socket.on('connect', () => socket.write('show stat\n'))
      socket.on('data', (chunk) => (answer += chunk.toString()))
      socket.on('end', () => resolve(answer))
      socket.on('error', reject)
    })
    const states = new Map<string, string>()
    for (const line of text.split('\n')) {
      const fields = line.split(',')
      // pxname, svname, …, status is the 18th field.
      if (fields[0] === 'api' && fields[1]?.startsWith('i')) states.set(fields[1], fields[17] ?? '')
    }
    return states
  }

  /** Resolves once HAProxy reports every one of `instances` in `state` (polled every 200 ms). */
  private async untilHaproxyHas(instances: Instance[], state: string): Promise<void> {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const states = await this.haproxyStates().catch(() => new Map<string, string>())
      if (instances.every((i) => states.get(i.name)?.startsWith(state))) return
      await sleep(200)
    }
    throw new Error(`HAProxy did not report ${instances.map((i) => i.name).join(', ')} ${state}`)
  }

  /** Sends `signal` to `instance` as an expected stop; resolves when its process has ended. */
  private stopInstance(instance: Instance, signal: NodeJS.Signals): Promise<void> {
    const child = instance.child
    instance.stopping = true
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      child.once('exit', () => resolve())
      child.kill(signal)
    })
  }

  private restarting = false

  /** SIGHUP: each instance in turn drains and stops (SIGTERM), starts again, and is back in HAProxy. */
  async rollingRestart(): Promise<void> {
    if (this.restarting || this.closing) return
    this.restarting = true
    const started = Date.now()
    say('rolling restart: one instance at a time')
    try {
      for (const instance of this.instances) {
        if (this.closing) return
        say(`rolling restart: draining ${instance.name}`)
        await this.stopInstance(instance, 'SIGTERM')
        await this.startInstance(instance)
        await this.untilHaproxyHas([instance], 'UP')
        say(`rolling restart: ${instance.name} is back in HAProxy`)
      }
      say(`rolling restart done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    } catch (error) {
      say(`rolling restart failed: ${(error as Error).message}`)
    } finally {
      this.restarting = false
    }
  }

  /** Stops HAProxy (it finishes the requests in flight), then the instances; exits with `code`. */
  async stop(code: number): Promise<never> {
    if (!this.closing) {
      this.closing = true
      say('stopping: HAProxy first, then the instances')
      const haproxy = this.haproxy
      if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) {
        await new Promise<void>((resolve) => {
          haproxy.once('exit', () => resolve())
          haproxy.kill('SIGUSR1')
        })
      }
      // Nothing reaches them any more: SIGINT stops at once (requests in flight still finish).
      await Promise.all(this.instances.map((i) => this.stopInstance(i, 'SIGINT')))
      fs.rmSync(this.runDir, { recursive: true, force: true })
      say('stopped')
    }
    process.exit(code)
  }
}

/** The command: checks the arguments and the machine, starts the cluster, and serves until a signal. */
async function main(): Promise<void> {
  let options: ClusterOptions
  try {
    if (process.argv.includes('--help')) {
      console.log(USAGE)
      return
    }
    options = parseClusterArgs(process.argv.slice(2), process.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`cluster: ${error.message}\n${USAGE}`)
    process.exit(2)
  }
  const missing = missingForCluster(process.env)
  if (missing.length > 0) {
    console.error(`cluster: cannot start:\n${missing.map((m) => `  - ${m}`).join('\n')}`)
    process.exit(1)
  }
  const cluster = new Cluster(options, findHaproxy(process.env) as string)
  process.on('SIGTERM', () => void cluster.stop(0))
  process.on('SIGINT', () => void cluster.stop(0))
  process.on('SIGHUP', () => void cluster.rollingRestart())
  try {
    await cluster.start()
  } catch (error) {
    say(`failed: ${(error as Error).message}`)
    await cluster.stop(1)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main()
}
