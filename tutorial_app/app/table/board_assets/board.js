// The Domino Tutor board (an st.components.v2 component): draws the server's Plotly figure with
// plotly.js and answers the learner's clicks at once, before the server does.
//
// What it is sent is described in tutorial_app/board/browser.py. In short: the figure (drawn with
// Plotly.react: one plot per board, never remounted), the boards since the last one it drew (played
// one by one, `pace` ms apart: the bots' replies), and for the learner's clicks what to draw at once.
// A pick (a tile of the hand) draws its layer: SVG shapes over the plot (the tile lifted, the targets
// where it may go), a few milliseconds where a Plotly redraw of the board takes 30-150. A move draws
// its layer (the tile leaves the hand and lies on the table), reports itself to Python (which checks
// it with the rules core and runs the page again), and Plotly then draws the figure after it.
//
// Why its own click handling: Plotly's click event comes through its hover machinery (a first tap on
// a touch screen only shows a hover label); here one tap or click is one answer, and hover labels
// are only shown where there is a mouse.

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = '"Open Sans", verdana, arial, sans-serif';
const STUCK_MS = 15000; // a report the server never answered (a page that stopped) frees the board again

let plotlyLoading = null;

function addScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`plotly.js did not load from ${src}`));
    document.head.appendChild(script);
  });
}

// plotly.js (its basic bundle, shipped beside this file) comes through the app: gzipped once on the server
// (Streamlit would compress the 1.2 MB file again on every request) and unpacked here; "force-cache"
// takes the browser's stored copy without asking again. Where DecompressionStream is missing (an old
// tablet), the plain file.
async function loadPacked(url) {
  const response = await fetch(url, { cache: 'force-cache' });
  if (!response.ok || !response.body) throw new Error(`plotly.js: HTTP ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream('gzip'));
  const code = await new Response(unpacked).blob();
  const src = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  try {
    await addScript(src);
  } finally {
    URL.revokeObjectURL(src);
  }
}

function loadPlotly(urls) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!plotlyLoading) {
    const packed = typeof DecompressionStream === 'function' ? loadPacked(urls.packed) : Promise.reject(new Error('no DecompressionStream'));
    plotlyLoading = packed
      .catch(() => addScript(urls.plain))
      .then(() => {
        performance.mark('domino-plotly-loaded'); // for anyone timing a first load (benchmarks/app_speed.py)
        return window.Plotly;
      })
      .catch((error) => {
        plotlyLoading = null;
        throw error;
      });
  }
  return plotlyLoading;
}

function plotlyUrls(data) {
  // Beside this module's own URL when it has one (any base path the app is served under), else the app's root.
  const here = import.meta.url;
  const base = here.startsWith('http') ? new URL('..', here) : new URL(data.assets || '/_stcore/bidi-components/', document.baseURI);
  return { packed: new URL(data.plotly.packed, base).href, plain: new URL(data.plotly.plain, base).href };
}

// `then` once the page's run is over (at once, in a task of its own, when none is running; at the latest in 5 s).
function afterRun(then) {
  const app = document.querySelector('[data-testid="stApp"]');
  const idle = () => !app || app.getAttribute('data-test-script-state') !== 'running';
  if (idle()) {
    setTimeout(then, 0);
    return;
  }
  const watch = new MutationObserver(() => {
    if (!idle()) return;
    watch.disconnect();
    clearTimeout(late);
    then();
  });
  const late = setTimeout(() => {
    watch.disconnect();
    then();
  }, 5000);
  watch.observe(app, { attributes: true, attributeFilter: ['data-test-script-state'] });
}

// `job` when the page has nothing else to do (within a second at the latest; where there is no idle callback, soon).
function whenIdle(job) {
  if (window.requestIdleCallback) window.requestIdleCallback(job, { timeout: 1000 });
  else setTimeout(job, 50);
}

// The server answered a move on board `name`: a page whose other parts follow the board (follow_board in
// board_component.py) runs them once the board's own run is over (a request during it would cut it short).
function announceAnswer(name) {
  afterRun(() => window.dispatchEvent(new CustomEvent('domino-board-answered', { detail: name })));
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function patched(figure, patch) {
  const data = [];
  for (let i = 0; i < patch.count; i++) data.push(patch.traces[i] !== undefined ? patch.traces[i] : figure.data[i]);
  return { data, layout: patch.layout || figure.layout };
}

function dashArray(dash, width) {
  const unit = Math.max(width, 3);
  if (dash === 'dot') return `${unit},${unit}`;
  if (dash === 'dash') return `${3 * unit},${3 * unit}`;
  return null;
}

class Board {
  constructor(parent) {
    this.root = document.createElement('div');
    this.root.className = 'dt-board';
    this.plot = document.createElement('div');
    this.plot.className = 'dt-plot';
    this.plot.setAttribute('role', 'img');
    this.layerSvg = document.createElementNS(SVG_NS, 'svg');
    this.layerSvg.setAttribute('class', 'dt-layer');
    this.layerSvg.setAttribute('aria-hidden', 'true');
    this.note = document.createElement('div');
    this.note.className = 'dt-note';
    this.note.setAttribute('role', 'status');
    this.note.setAttribute('aria-live', 'polite');
    this.root.append(this.plot, this.layerSvg, this.note);
    parent.appendChild(this.root);
    this.data = null;
    this.shown = null; // the key of the figure Plotly shows
    this.spare = null; // a second plot, out of sight, with a figure drawn ahead (its key: spareKey)
    this.spareKey = null;
    this.picks = [];
    this.held = false; // the picks are the server's selection (data.picked), not the learner's clicks on the board
    this.speaks = false; // the page speaks of a selection (held, or data.spoken): a pick here puts it down there
    this.moveLayer = null;
    this.pendingAck = null;
    this.pendingKind = null; // 'put-down' (nothing the board shows waits for it) or 'report' (a move, a click sent)
    this.waiting = null; // a click that reports, made while a put-down was on its way: answered once it is (a job)
    this.pendingSince = 0;
    this.targets = [];
    this.queue = Promise.resolve();
    this.replaying = false;
    this.skip = false;
    this.answered = 0;
    this.sent = 0;
    this.lastDraw = 0;
    this.mouse = window.matchMedia('(hover: hover) and (pointer: fine)').matches;
    this.root.dataset.answered = '0';
    this.root.dataset.pending = 'false';
    this.root.dataset.layer = '';
    this.onDown = (event) => {
      this.down = { x: event.clientX, y: event.clientY };
    };
    this.onUp = (event) => {
      const down = this.down;
      this.down = null;
      if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > 12) return;
      if (event.button !== undefined && event.button > 0) return;
      this.clicked(event.clientX, event.clientY);
    };
    // Why the release on the window: Plotly covers the page while a button is held (to follow a drag),
    // so the release lands on its cover, not on the board.
    this.root.addEventListener('pointerdown', this.onDown, true);
    window.addEventListener('pointerup', this.onUp, true);
    this.resizer = new ResizeObserver(() => this.resized());
    this.resizer.observe(this.root);
  }

  destroy() {
    this.resizer.disconnect();
    this.root.removeEventListener('pointerdown', this.onDown, true);
    window.removeEventListener('pointerup', this.onUp, true);
    if (window.Plotly) window.Plotly.purge(this.plot);
    this.dropSpare();
    this.root.remove();
  }

  enqueue(job) {
    this.queue = this.queue.then(job).catch((error) => console.error('board:', error));
    return this.queue;
  }

  // -- what the server sent ------------------------------------------------------------------

  update(data, trigger) {
    this.trigger = trigger;
    const previous = this.data;
    this.data = data;
    this.root.dataset.board = data.key;
    this.urls = plotlyUrls(data);
    this.plot.setAttribute('aria-label', data.alt || '');
    this.root.classList.toggle('dt-static', Boolean(data.static) || !data.interactive);
    this.plot.style.minHeight = `${data.figure.layout.height || 400}px`;
    if (this.pendingAck !== null && data.ack !== this.pendingAck) {
      this.setPending(null);
      announceAnswer(data.name);
    }
    const sameBoard = previous !== null && previous.key === data.key;
    // A put-down still on its way: a run that began before it (the server's selection not yet put down) must not
    // take the learner's picks back.
    const putting = this.pendingAck !== null && this.pendingKind === 'put-down';
    // The server's selection (a tile chosen with the buttons under the board) is the board's too, and so is its
    // end: a selection the server no longer holds is put down here as well (a button pressed again, a move the
    // rules refused and the page cleared). Picks made on the board, which the server never saw, stay.
    const held = !putting && Boolean(data.picked && data.picked.length);
    if (held) this.picks = data.picked.slice();
    else if (!sameBoard || this.held) this.picks = [];
    else this.picks = this.picks.filter((name) => data.picks && name in data.picks);
    this.held = held;
    this.speaks = held || (!putting && Boolean(data.spoken));
    // What a held selection means the page says (its box, its caption), where the button was pressed; the
    // board's note is for picks made on the board only, so no sentence is on screen twice.
    this.say(sameBoard && !held ? this.noteText() : null);
    this.drawLayer();
    afterRun(() => this.lightTwins()); // the buttons under the board come later in the run than the board
    this.enqueue(() => this.show(data));
    const waiting = this.waiting;
    if (waiting !== null && this.pendingAck === null) {
      this.waiting = null;
      waiting();
    }
  }

  async show(data) {
    const Plotly = await loadPlotly(this.urls);
    // Moves to play first, or a move drawn over the board: a frame's wait lets that layer show before Plotly's
    // redraw holds the page (and of boards sent within a frame only the last is drawn). A board with neither
    // (a new puzzle, a new deal) is drawn at once.
    if ((data.earlier || []).length || this.moveLayer) await nextFrame();
    if (this.data !== data) return;
    // The moves since the board this browser drew last: play those it has not drawn yet, one by one.
    const steps = data.earlier || [];
    let start = steps.length;
    if (this.shown !== null && steps.length && !(data.from && this.shown !== data.from)) {
      start = this.stepKey ? steps.findIndex((step) => step.key === this.stepKey) + 1 : 0;
    }
    this.stepKey = null;
    this.replaying = start < steps.length;
    this.root.dataset.replaying = String(this.replaying);
    for (const step of steps.slice(start)) {
      await this.paced(data);
      if (this.data !== data) return;
      if (this.skip) break;
      if (step.patch) {
        await this.draw(Plotly, patched(data.figure, step.patch), step.key);
      } else {
        this.moveLayer = step.layer;
        this.drawLayer();
        this.lastDraw = performance.now();
      }
    }
    if (this.replaying && !this.skip) await this.paced(data);
    if (this.data !== data) return;
    this.replaying = false;
    this.skip = false;
    this.root.dataset.replaying = 'false';
    await this.draw(Plotly, data.figure, data.key);
    if (this.pendingAck === null) this.moveLayer = null;
    this.drawLayer();
    const waiting = this.afterReplay;
    this.afterReplay = null;
    if (waiting) this.clicked(waiting.x, waiting.y);
  }

  async paced(data) {
    const wait = this.lastDraw + (data.pace || 0) - performance.now();
    const step = 25;
    for (let left = wait; left > 0 && !this.skip && this.data === data; left -= step) await sleep(Math.min(step, left));
  }

  // Plotly's layout and config for `figure` on this board.
  plotArgs(figure) {
    const layout = { ...figure.layout, autosize: true, clickmode: 'none' };
    delete layout.width;
    if (!this.mouse || this.data.static) layout.hovermode = false;
    const config = {
      displayModeBar: false,
      scrollZoom: false,
      doubleClick: false,
      responsive: true,
      staticPlot: Boolean(this.data.static),
    };
    return [layout, config];
  }

  async draw(Plotly, figure, key) {
    if (this.shown === key && this.plot._fullLayout) return;
    const [layout, config] = this.plotArgs(figure);
    await Plotly.react(this.plot, figure.data, layout, config);
    this.shown = key;
    this.lastDraw = performance.now();
    this.root.dataset.shown = key;
    // a move's layer was drawn over the old board: once the server's boards come, they show the move
    if (this.pendingAck === null) this.moveLayer = null;
    this.drawLayer();
  }

  // The figure the server's next board will have, shown at once (its run then finds it drawn): the spare plot
  // drawn ahead comes into sight, else the figure is drawn now. Only over a board with nothing going on: no move
  // waiting for the server's answer, no moves being played.
  drawAhead(ahead) {
    const data = this.data;
    if (!data || this.pendingAck !== null || this.replaying || this.shown === ahead.key) return;
    if (this.spareKey === ahead.key) {
      this.showSpare(ahead);
      return;
    }
    this.dropSpare();
    this.enqueue(async () => {
      const Plotly = await loadPlotly(this.urls);
      if (this.data !== data) return; // the server's board came first
      this.picks = [];
      this.say(null);
      await this.draw(Plotly, ahead.figure, ahead.key);
    });
  }

  // Draw `ahead`'s figure into a second plot out of sight while the learner reads the page, so that the button's
  // press only brings it into sight (Plotly's drawing, 30-60 ms of the page's thread, is then not in the wait for
  // the next board). Drawn where the board is, as wide, hidden (visibility: it is laid out, so Plotly sizes it);
  // once drawn it takes no room and no part in the page (display none, without Plotly's class: nothing that looks
  // for the page's plots finds it), until its press.
  prepare(ahead) {
    if (this.spareKey === ahead.key || this.preparing === ahead.key) return;
    this.dropSpare();
    this.preparing = ahead.key;
    afterRun(() => {
      whenIdle(async () => {
        if (this.preparing !== ahead.key || !this.data) return;
        try {
          const Plotly = await loadPlotly(this.urls);
          if (this.preparing !== ahead.key) return;
          const spare = document.createElement('div');
          spare.className = 'dt-plot dt-spare';
          spare.setAttribute('aria-hidden', 'true');
          spare.style.minHeight = `${ahead.figure.layout.height || 400}px`;
          this.root.insertBefore(spare, this.plot);
          const [layout, config] = this.plotArgs(ahead.figure);
          await Plotly.react(spare, ahead.figure.data, layout, config);
          if (this.preparing !== ahead.key) {
            Plotly.purge(spare);
            spare.remove();
            return;
          }
          spare.style.display = 'none';
          spare.classList.remove('js-plotly-plot');
          this.spare = spare;
          this.spareKey = ahead.key;
        } catch (error) {
          console.error('board:', error);
        } finally {
          if (this.preparing === ahead.key) this.preparing = null;
        }
      });
    });
  }

  // The spare plot comes into sight in the plot's place; the plot it replaces is put away once the page is idle.
  showSpare(ahead) {
    const spare = this.spare;
    const old = this.plot;
    this.spare = null;
    this.spareKey = null;
    spare.classList.remove('dt-spare');
    spare.classList.add('js-plotly-plot');
    spare.removeAttribute('aria-hidden');
    spare.setAttribute('role', 'img');
    spare.setAttribute('aria-label', ahead.alt || '');
    spare.style.display = '';
    old.style.display = 'none';
    old.classList.remove('js-plotly-plot');
    this.plot = spare;
    this.picks = [];
    this.say(null);
    this.shown = ahead.key;
    this.root.dataset.shown = ahead.key;
    this.lastDraw = performance.now();
    if (this.pendingAck === null) this.moveLayer = null;
    this.drawLayer();
    afterRun(() =>
      whenIdle(() => {
        if (window.Plotly) window.Plotly.purge(old);
        old.remove();
      }),
    );
  }

  dropSpare() {
    this.preparing = null;
    const spare = this.spare;
    this.spare = null;
    this.spareKey = null;
    if (!spare) return;
    if (window.Plotly) window.Plotly.purge(spare);
    spare.remove();
  }

  resized() {
    // Only a change of width redraws the plot (its height is the figure's): a page growing below the board,
    // or the board's own drawing, must not cost a Plotly redraw. A spare drawn for the old width goes.
    const width = Math.round(this.root.getBoundingClientRect().width);
    if (!window.Plotly || !this.plot._fullLayout || width === this.width) return;
    if (this.width !== undefined) this.dropSpare();
    this.width = width;
    window.Plotly.Plots.resize(this.plot).then(() => this.drawLayer());
  }

  // -- the layer over the plot -----------------------------------------------------------------

  layerShapes() {
    if (this.moveLayer) return this.moveLayer;
    const data = this.data;
    if (!data || !data.interactive) return [];
    const shapes = [];
    for (const name of this.picks) {
      const pick = data.picks[name];
      if (pick) shapes.push(...pick.layer);
    }
    const whole = (data.selections || {})[this.pickKey()];
    if (whole && this.picks.length) shapes.push(...whole.layer);
    return shapes;
  }

  drawLayer() {
    this.lightTwins();
    const svg = this.layerSvg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    this.targets = [];
    const full = this.plot._fullLayout;
    const shapes = this.layerShapes();
    this.root.dataset.layer = this.moveLayer ? 'move' : this.picks.length ? `pick:${this.pickKey()}` : '';
    if (!full || !shapes.length) return;
    svg.setAttribute('width', full.width);
    svg.setAttribute('height', full.height);
    const xa = full.xaxis;
    const ya = full.yaxis;
    const px = (x) => xa._offset + xa.l2p(x);
    const py = (y) => ya._offset + ya.l2p(y);
    for (const shape of shapes) this.drawShape(svg, shape, px, py);
  }

  drawShape(svg, shape, px, py) {
    if (shape.kind === 'poly') {
      let d = '';
      let open = false;
      for (let i = 0; i < shape.x.length; i++) {
        const x = shape.x[i];
        const y = shape.y[i];
        if (x === null || y === null) {
          if (open && shape.fill) d += 'Z';
          open = false;
          continue;
        }
        d += `${open ? 'L' : 'M'}${px(x).toFixed(1)},${py(y).toFixed(1)}`;
        open = true;
      }
      if (open && shape.fill) d += 'Z';
      const path = document.createElementNS(SVG_NS, 'path');
      path.setAttribute('d', d);
      path.setAttribute('fill', shape.fill || 'none');
      if (shape.line) {
        path.setAttribute('stroke', shape.line);
        path.setAttribute('stroke-width', shape.width);
        path.setAttribute('stroke-linejoin', 'round');
        const dashes = dashArray(shape.dash, shape.width);
        if (dashes) path.setAttribute('stroke-dasharray', dashes);
      }
      svg.appendChild(path);
    } else if (shape.kind === 'dots' || shape.kind === 'ring') {
      for (let i = 0; i < shape.x.length; i++) {
        const size = Array.isArray(shape.size) ? shape.size[i] : shape.size;
        const circle = document.createElementNS(SVG_NS, 'circle');
        const cx = px(shape.x[i]);
        const cy = py(shape.y[i]);
        circle.setAttribute('cx', cx.toFixed(1));
        circle.setAttribute('cy', cy.toFixed(1));
        circle.setAttribute('r', (size / 2).toFixed(1));
        if (shape.kind === 'dots') {
          circle.setAttribute('fill', shape.fill);
        } else {
          circle.setAttribute('fill', 'none');
          circle.setAttribute('stroke', shape.line);
          circle.setAttribute('stroke-width', shape.width);
          if (shape.name) {
            circle.setAttribute('data-point', shape.name);
            this.targets.push({ name: shape.name, x: cx, y: cy, r: size / 2 });
          }
        }
        svg.appendChild(circle);
      }
    } else if (shape.kind === 'text') {
      const text = document.createElementNS(SVG_NS, 'text');
      text.setAttribute('x', px(shape.x[0]).toFixed(1));
      text.setAttribute('y', py(shape.y[0]).toFixed(1));
      text.setAttribute('text-anchor', 'middle');
      text.setAttribute('dominant-baseline', 'central');
      text.setAttribute('font-family', FONT);
      text.setAttribute('font-size', `${shape.size}px`);
      text.setAttribute('fill', shape.fill);
      text.textContent = shape.text;
      svg.appendChild(text);
    }
  }

  // -- clicks ------------------------------------------------------------------------------------

  clicked(clientX, clientY) {
    const data = this.data;
    if (!data || data.static || !this.plot._fullLayout) return;
    if (this.replaying) {
      // a click while the bots' moves are played: show where the hand stands now, then answer it
      this.skip = true;
      this.afterReplay = { x: clientX, y: clientY };
      return;
    }
    const box = this.plot.getBoundingClientRect();
    const name = this.hit(clientX - box.left, clientY - box.top);
    if (name) this.answer(name);
  }

  hit(x, y) {
    for (const target of this.targets) {
      if (Math.hypot(x - target.x, y - target.y) <= target.r + 6) return target.name;
    }
    const full = this.plot._fullLayout;
    const xa = full.xaxis;
    const ya = full.yaxis;
    let best = null;
    let bestDistance = Infinity;
    for (const trace of this.plot._fullData || []) {
      const names = trace.customdata;
      if (!names || trace.visible === false) continue;
      const sizes = trace.marker ? trace.marker.size : 20;
      for (let i = 0; i < names.length; i++) {
        const size = Array.isArray(sizes) ? sizes[i] : sizes;
        const distance = Math.hypot(x - (xa._offset + xa.l2p(trace.x[i])), y - (ya._offset + ya.l2p(trace.y[i])));
        if (distance <= size / 2 + 4 && distance < bestDistance) {
          best = Array.isArray(names[i]) ? names[i][0] : names[i];
          bestDistance = distance;
        }
      }
    }
    return best;
  }

  pickKey() {
    return [...this.picks].sort().join(',');
  }

  noteText() {
    const data = this.data;
    if (!data || !data.interactive || !this.picks.length) return null;
    const whole = (data.selections || {})[this.pickKey()];
    if (whole && whole.note) return whole.note;
    if (this.picks.length === 1) return (data.picks[this.picks[0]] || {}).note || null;
    return null;
  }

  answer(name) {
    const data = this.data;
    if (!data.interactive) return;
    if (this.pendingAck !== null) {
      // A put-down on its way changes nothing drawn here: picks go on at once, and a click that reports (a move)
      // waits for its answer (the server would take it before the put-down otherwise). Anything else waits too.
      if (this.pendingKind !== 'put-down') return;
      if (!data.picks[name]) {
        this.waiting = () => this.answer(name);
        return;
      }
    }
    if (data.picks[name]) {
      this.pick(name);
    } else if (data.moves[`${this.pickKey()}|${name}`]) {
      this.play(data.moves[`${this.pickKey()}|${name}`]);
    } else if (data.fallback[name] && this.picks.length) {
      const places = this.picks.map((pick) => pick.split(':').pop()).sort((a, b) => Number(a) - Number(b));
      this.report(data.fallback[name].replace('{picks}', places.join(',')));
    } else if (data.sends.some((prefix) => name.startsWith(prefix))) {
      this.report(name);
    } else {
      const said = data.notes[name] || data.idle;
      if (said) this.say(said);
      return;
    }
    this.answered += 1;
    this.root.dataset.answered = String(this.answered);
  }

  // Whether the board holds picks the server never heard of (made on it): a button under the board that twins one
  // of its clicks then acts on them (twinPressed).
  ownsPicks() {
    const data = this.data;
    return Boolean(data && data.interactive && !data.static && !this.held && this.picks.length);
  }

  // The buttons under the board say what its own picks light (its Play, Discard): a twin of a lit click shows its lit
  // look (the same button drawn primary, keyed litTwin + its key: browser.py LIT_TWIN) in its place; any other twin,
  // and every twin while the picks are the server's or none, shows as the server drew it.
  lightTwins() {
    const data = this.data;
    if (!data || !data.twins) return;
    const whole = this.ownsPicks() ? (data.selections || {})[this.pickKey()] : null;
    const lit = new Set((whole && whole.lit) || []);
    for (const [key, click] of Object.entries(data.twins)) {
      const look = document.querySelector(`.st-key-${CSS.escape(data.litTwin + key)}`);
      if (!look) continue;
      const on = lit.has(click);
      look.classList.toggle('dt-lit', on);
      const plain = document.querySelector(`.st-key-${CSS.escape(key)}`);
      if (plain) plain.classList.toggle('dt-unlit', on);
    }
  }

  // A button under the board pressed while the board holds picks of its own: a twin of a pick (a tile's button)
  // reports the board's picks with it, in place of the button's own press; any other (Play, Discard) is answered as
  // the board's own button is. One run either way, as the button's press would have cost.
  twinPressed(name) {
    const data = this.data;
    if (this.pendingAck !== null) {
      if (this.pendingKind === 'put-down') this.waiting = () => this.twinPressed(name);
      return;
    }
    if (!data.picks[name]) {
      this.answer(name);
      return;
    }
    const places = this.picks.map((pick) => pick.split(':').pop()).sort((a, b) => Number(a) - Number(b));
    this.report(`with:${places.join(',')}|${name}`);
  }

  pick(name) {
    const data = this.data;
    if (this.picks.includes(name)) {
      this.picks = this.picks.filter((pick) => pick !== name);
    } else if (data.limit <= 1) {
      this.picks = [name];
    } else if (this.picks.length >= data.limit) {
      this.say(data.limitNote);
      return;
    } else {
      this.picks = [...this.picks, name];
    }
    this.held = false; // chosen on the board now: the board says what the choice means
    this.drawLayer();
    this.say(this.noteText());
    if (this.speaks) {
      // The page held a selection or said something of one: the buttons and its box would speak of a tile the
      // board no longer holds. Reported once; the board's picks are the learner's from now on (browser.py PUT_DOWN).
      this.speaks = false;
      this.report(data.putDown, 'put-down');
    }
  }

  play(move) {
    const data = this.data;
    this.picks = [];
    this.moveLayer = move.layer;
    this.drawLayer();
    this.say(null);
    this.stepKey = move.key; // the server's first step will be this move: it is not played again
    this.report(move.report);
    if (!move.patch) return; // drawn by the server's answer
    const after = patched(data.figure, move.patch);
    this.enqueue(async () => {
      const Plotly = await loadPlotly(this.urls);
      await nextFrame();
      if (this.data !== data || this.moveLayer !== move.layer) return;
      await this.draw(Plotly, after, move.key);
      if (this.data === data && this.moveLayer === move.layer) {
        this.moveLayer = null;
        this.drawLayer();
      }
    });
  }

  report(name, kind = 'report') {
    this.sent += 1;
    this.setPending(this.data.ack, kind);
    this.trigger('clicked', { name, seq: this.sent });
  }

  setPending(ack, kind = null) {
    this.pendingAck = ack;
    this.pendingKind = ack !== null ? kind : null;
    this.pendingSince = performance.now();
    this.root.dataset.pending = String(ack !== null);
    if (ack !== null) {
      clearTimeout(this.stuck);
      this.stuck = setTimeout(() => {
        if (this.pendingAck === ack && performance.now() - this.pendingSince >= STUCK_MS) {
          this.waiting = null;
          this.setPending(null);
        }
      }, STUCK_MS);
    }
  }

  say(text) {
    this.note.textContent = text || '';
  }
}

// The boards on the page by name, and the figure each draws when a button is pressed (board_ahead in
// board_component.py): the Puzzles page's next puzzle, drawn while the server's run for "Next puzzle" goes on.
const boards = new Map();
const aheads = new Map();

function pressed(event) {
  const target = event.target;
  if (!aheads.size || !target || typeof target.closest !== 'function') return;
  for (const [name, ahead] of aheads) {
    if (!target.closest(`.st-key-${ahead.button}`)) continue;
    aheads.delete(name);
    const board = boards.get(name);
    // A task after Streamlit's own (its click handler runs first and sends the button's press from a timer of
    // its own): the server's run is asked for before Plotly holds the page.
    if (board) setTimeout(() => board.drawAhead(ahead), 0);
  }
}
window.addEventListener('click', pressed); // bubbling, on the window: after Streamlit's handler

// A button that twins a board's click (Answers.twins in browser.py), pressed while that board holds picks of its own:
// the board answers the press with them, and Streamlit never sees it (captured on the window, before its handler).
function pressedTwin(event) {
  const target = event.target;
  if (!boards.size || !target || typeof target.closest !== 'function') return;
  const keyed = target.closest('[class*="st-key-"]');
  if (!keyed || !target.closest('button')) return;
  for (const board of boards.values()) {
    if (!board.ownsPicks()) continue;
    const twins = board.data.twins || {};
    const key = Object.keys(twins).find((twin) => keyed.classList.contains(`st-key-${twin}`));
    if (key === undefined) continue;
    event.stopPropagation();
    event.preventDefault();
    board.twinPressed(twins[key]);
    return;
  }
}
window.addEventListener('click', pressedTwin, true);


// A count the page keeps (announce_count in board_component.py: the Puzzles page's answers recorded): when it
// changed since this page last saw it, the parts following `name` (follow_board) run again, once the run is over.
function announceCount({ name, n }) {
  const seen = (window.__dominoCounts = window.__dominoCounts || {});
  const first = !(name in seen); // the page's first sight: nothing new
  const changed = seen[name] !== n;
  seen[name] = n;
  if (!first && changed) announceAnswer(name);
  return undefined;
}

// A box the page keeps in sight (keep_in_sight in board_component.py): when its count changed since this page last
// saw it (a new sentence in it), it is scrolled into the window once the run is over, under the page's header,
// unless it is wholly in sight already. Its first sight on the page moves nothing (a page opened, not a tap).
function keepInSight({ target, n }) {
  const seen = (window.__dominoSight = window.__dominoSight || {});
  const first = !(target in seen);
  const changed = seen[target] !== n;
  seen[target] = n;
  if (first || !changed) return undefined;
  afterRun(() => {
    const box = document.querySelector(`.st-key-${CSS.escape(target)}`);
    if (!box) return;
    const header = document.querySelector('[data-testid="stHeader"]');
    const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    const rect = box.getBoundingClientRect();
    if (rect.top >= top && rect.bottom <= window.innerHeight) return;
    box.style.scrollMarginTop = `${Math.ceil(top) + 8}px`;
    box.style.scrollMarginBottom = '8px';
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Its top first: a box taller than the window shows where its sentence begins.
    const block = rect.top < top || rect.height > window.innerHeight - top ? 'start' : 'nearest';
    box.scrollIntoView({ block, behavior: still ? 'auto' : 'smooth' });
  });
  return undefined;
}

function keepAhead(ahead) {
  aheads.set(ahead.board, ahead);
  const board = boards.get(ahead.board);
  if (board) board.prepare(ahead);
  return () => {
    if (aheads.get(ahead.board) !== ahead) return;
    aheads.delete(ahead.board);
    // Drawn again with the same figure (a run that sends it again): the spare stays. Gone: so does the spare.
    setTimeout(() => {
      const kept = boards.get(ahead.board);
      const again = aheads.get(ahead.board);
      if (kept && kept.spareKey === ahead.key && !(again && again.key === ahead.key)) kept.dropSpare();
    }, 0);
  };
}

export default function ({ parentElement, data, setTriggerValue }) {
  if (typeof data === 'string') data = JSON.parse(data); // sent as a JSON string (see board_component.py)
  if (data.preload) {
    // drawn at the top of a page with boards: plotly.js loads while the server runs the rest of the page
    loadPlotly(plotlyUrls(data)).catch((error) => console.error('board:', error));
    return undefined;
  }
  if (data.ahead) return keepAhead(data.ahead);
  if (data.announce) return announceCount(data.announce);
  if (data.sight) return keepInSight(data.sight);
  let board = parentElement.__dominoBoard;
  if (!board) {
    board = new Board(parentElement);
    parentElement.__dominoBoard = board;
  }
  boards.set(data.name, board);
  board.update(data, setTriggerValue);
  return () => {
    if (parentElement.__dominoBoard === board) {
      board.destroy();
      delete parentElement.__dominoBoard;
      if (boards.get(data.name) === board) boards.delete(data.name);
    }
  };
}
