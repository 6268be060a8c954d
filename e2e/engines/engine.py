"""One vocabulary for driving a real browser engine through WebDriver, so that a scenario reads
the same in every engine: `WebKit` (WebKitGTK's MiniBrowser through WebKitWebDriver and
Selenium) and `Firefox` (Firefox ESR through Marionette, its own WebDriver server).

What a scenario may do (`Engine`):

    engine.goto(url); engine.reload()
    engine.window; engine.new_window(); engine.use_window(handle); engine.close_window()
    engine.run("return …", *args)           # a script in the page; a promise is awaited
    engine.wait_for("…expression…", *args)  # until the expression is truthy in the page
    engine.click(selector)                  # a real click: trusted events, user activation
    engine.select(selector, value)          # an <option> chosen as a person does
    engine.drag(selector, dy)               # pointer down on the element, moved, released
    engine.is_visible(selector)
    engine.script_errors()                  # uncaught errors since the last call
    engine.screenshot(path)

Every input goes through the engine's own WebDriver input (Element Click, Perform Actions), so
the page gets trusted events with user activation: a click may start audio as a tap does.

Script errors are read where each engine keeps them:
- Firefox: its console service (uncaught errors, unhandled rejections, scripts that failed to
  load), read in Marionette's chrome context — every error of the pages, also one thrown while
  a page's modules were still loading.
- WebKit: WebKitWebDriver 2.50 offers no log and no WebDriver BiDi (a session asking for
  `webSocketUrl` is refused), and WebKitGTK writes console messages to standard output only for
  non-ephemeral sessions, which an automation session never is (WebCore's console client skips
  them when the page uses an ephemeral session). So `goto` and `reload` add `error` and
  `unhandledrejection` listeners to the page once it has loaded; an error thrown before then is
  seen only by what it breaks (Peach's pages check that the app came up: `peach_page.py`).
"""

from __future__ import annotations

import glob
import os
import pathlib
import subprocess
import time
import warnings

with warnings.catch_warnings():
    # marionette-driver's dependencies (mozinfo, mozrunner) use what Python deprecates.
    warnings.simplefilter("ignore", DeprecationWarning)
    from marionette_driver.errors import MarionetteException
    from marionette_driver.marionette import Marionette
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.command import Command
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from peach_server import free_port

# The window of every session: the Chromium suites' viewport, a small laptop's screen.
WINDOW = (1024, 768)

# Listens for uncaught errors in the page: WebKit's only way (see the module's comment).
WATCH_ERRORS = """
if (!window.__engineErrors) {
  window.__engineErrors = [];
  window.addEventListener('error', (event) => window.__engineErrors.push(
    `${event.message} (${event.filename}:${event.lineno})`));
  window.addEventListener('unhandledrejection', (event) => window.__engineErrors.push(
    `Unhandled rejection: ${event.reason} ${event.reason?.stack ?? ''}`));
}"""


class Engine:
    """A browser engine in one WebDriver session. Subclasses give what differs between the
    engines (navigation, scripts, finding an element, input actions, script errors, screenshots);
    the rest is built on those and shared."""

    name = ""

    def __init__(self):
        self.version = ""

    # --- what each engine gives ----------------------------------------------------------------

    def goto(self, url: str):
        raise NotImplementedError

    def reload(self):
        raise NotImplementedError

    def run(self, script: str, *args):
        """Runs `script` (a function body: `return …`) in the page; returns its value, a
        promise's once it settles (WebDriver's Execute Script)."""
        raise NotImplementedError

    def _find(self, selector: str):
        raise NotImplementedError

    def _perform(self, actions: list[dict]):
        """WebDriver's Perform Actions with these input sources, then Release Actions."""
        raise NotImplementedError

    def script_errors(self) -> list[str]:
        raise NotImplementedError

    @property
    def window(self) -> str:
        """The handle of the window driven now (`use_window`)."""
        raise NotImplementedError

    def new_window(self) -> str:
        """Opens another window (a tab) of the same browser and drives it from now on;
        returns its handle."""
        raise NotImplementedError

    def use_window(self, handle: str):
        """Drives the window `handle` from now on."""
        raise NotImplementedError

    def close_window(self):
        """Closes the window driven now (then `use_window` another)."""
        raise NotImplementedError

    def screenshot(self, path: pathlib.Path):
        raise NotImplementedError

    def quit(self):
        raise NotImplementedError

    # --- shared --------------------------------------------------------------------------------

    def wait_for(self, expression: str, *args, timeout: float = 10, message: str | None = None):
        """Waits until `expression` is truthy in the page (`arguments[i]` are `args`), asking
        every 50 ms; returns its value. Something in the page can only be observed by asking."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(f"return ({expression});", *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: timed out after {timeout} s waiting for "
                                     f"{message or expression}")
            time.sleep(0.05)

    def click(self, selector: str):
        """Clicks `selector`, first scrolled to the middle of the viewport, where a person looks
        for what they tap (WebDriver's own scrolling puts it at the bottom edge, under whatever
        sticks there, such as the Settings page's "Saved." line)."""
        self._scroll_to(selector)
        self._find(selector).click()

    def _scroll_to(self, selector: str):
        self.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'});", selector)

    def select(self, selector: str, value: str):
        """Chooses the option `value` of the <select> `selector`, by clicking the option (what
        WebDriver defines for it: the select's `input` and `change` events fire)."""
        self._scroll_to(selector)
        self._find(f'{selector} option[value="{value}"]').click()

    def drag(self, selector: str, dy: float, steps: int = 8, duration_ms: int = 200):
        """Puts a mouse pointer down on the middle of `selector`, moves it `dy` CSS pixels
        down (negative: up) in `steps` moves over `duration_ms`, and lets go."""
        self._scroll_to(selector)
        x, y = self.run("""const box = document.querySelector(arguments[0]).getBoundingClientRect();
            return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];""", selector)
        moves = [{"type": "pointerMove", "x": x, "y": round(y + dy * i / steps),
                  "duration": duration_ms // steps} for i in range(1, steps + 1)]
        self._perform([{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                        "actions": [{"type": "pointerMove", "x": x, "y": y},
                                    {"type": "pointerDown", "button": 0}, *moves,
                                    {"type": "pointerUp", "button": 0}]}])

    def press(self, key: str):
        """Presses and releases `key` on the keyboard (WebDriver's key codes: "\ue00c" is Escape),
        into the element that has the focus."""
        self._perform([{"type": "key", "id": "keyboard",
                        "actions": [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}])

    def is_visible(self, selector: str) -> bool:
        """Whether `selector` is there, shown (WebDriver's Is Element Displayed) and has a box
        of non-zero size."""
        if not self.run("return document.querySelector(arguments[0]) !== null;", selector):
            return False
        element = self._find(selector)
        return element.is_displayed() and element.rect["width"] > 0 and element.rect["height"] > 0


class WebKit(Engine):
    """WebKitGTK's MiniBrowser (`--automation`) through Debian's WebKitWebDriver and Selenium,
    on the X display and with the audio environment given."""

    name = "webkit"
    DRIVER = "/usr/bin/WebKitWebDriver"

    def __init__(self, environment: dict[str, str], log: pathlib.Path):
        super().__init__()
        options = Options()
        options.binary_location = self.minibrowser()
        options.add_argument("--automation")
        self.log = open(log, "w")
        service = Service(executable_path=self.DRIVER, env={**os.environ, **environment}, log_output=self.log)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(30)
        self.driver.set_window_size(*WINDOW)
        self.version = self.driver.capabilities.get("browserVersion", "")
        self.errors: list[str] = []

    @staticmethod
    def minibrowser() -> str:
        """WebKitGTK's test browser, in the architecture's library folder (libwebkit2gtk-4.1-0)."""
        found = glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")
        if not found:
            raise RuntimeError("WebKitGTK's MiniBrowser is missing: scripts/install-deps.sh --test installs it")
        return found[0]

    def goto(self, url: str):
        self._keep_errors()
        self.driver.get(url)
        self._watch_errors()

    def reload(self):
        self._keep_errors()
        self.driver.refresh()
        self._watch_errors()

    def run(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def _find(self, selector: str):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def _perform(self, actions: list[dict]):
        self.driver.execute(Command.W3C_ACTIONS, {"actions": actions})
        self.driver.execute(Command.W3C_CLEAR_ACTIONS)

    def _watch_errors(self):
        self.run(WATCH_ERRORS)

    def _keep_errors(self):
        """Before the page goes away: its errors, kept for `script_errors`."""
        try:
            self.errors += self.run("const errors = window.__engineErrors ?? [];"
                                    " window.__engineErrors = []; return errors;") or []
        except WebDriverException:  # no page yet, or one that cannot run scripts
            pass

    def script_errors(self) -> list[str]:
        self._keep_errors()
        errors, self.errors = self.errors, []
        return errors

    @property
    def window(self) -> str:
        return self.driver.current_window_handle

    def new_window(self) -> str:
        self._keep_errors()
        self.driver.switch_to.new_window("tab")
        return self.driver.current_window_handle

    def use_window(self, handle: str):
        self._keep_errors()
        self.driver.switch_to.window(handle)

    def close_window(self):
        self._keep_errors()
        self.driver.close()

    def screenshot(self, path: pathlib.Path):
        self.driver.save_screenshot(str(path))

    def quit(self):
        self.driver.quit()
        self.log.close()


class Firefox(Engine):
    """Debian's Firefox ESR, headless, on a fresh profile, through Marionette (marionette-driver:
    the protocol Firefox itself serves; no geckodriver). `-remote-allow-system-access` lets the
    session read Firefox's console service in the chrome context (`script_errors`)."""

    name = "firefox"
    BINARY = "/usr/bin/firefox-esr"
    def __init__(self, environment: dict[str, str], folder: pathlib.Path):
        super().__init__()
        profile = folder / "profile"
        profile.mkdir(parents=True)
        port = free_port()
        # Marionette sets the rest of what a test profile needs (remote.prefs.recommended).
        (profile / "user.js").write_text(f'user_pref("marionette.port", {port});\n')
        self.log = open(folder / "firefox.log", "w")
        self.process = subprocess.Popen(
            [self.BINARY, "-headless", "-marionette", "-remote-allow-system-access", "-no-remote",
             "-profile", str(profile)],
            env={**os.environ, **environment, "HOME": str(folder)}, stdout=self.log, stderr=subprocess.STDOUT)
        try:
            self.client = Marionette(host="127.0.0.1", port=port)
            self.client.start_session(timeout=60)
        except Exception:
            self.process.kill()
            raise
        self.client.timeout.script = 30
        self.client.set_window_rect(width=WINDOW[0], height=WINDOW[1])
        self.version = self.client.session_capabilities.get("browserVersion", "")
        self.errors_seen_until = self._now()

    def goto(self, url: str):
        self.client.navigate(url)

    def reload(self):
        """A person's reload (F5), through the service worker: `location.reload()`. Marionette's
        own Refresh reloads with LOAD_FLAGS_BYPASS_CACHE (marionette/navigate.sys.mjs), a hard
        reload, which the service worker never sees (Service Workers: a force reload bypasses
        it), so with the server stopped it could only show Firefox's error page."""
        self.run("window.__engineReloading = true; setTimeout(() => location.reload());")
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.run("return !window.__engineReloading && document.readyState === 'complete';"):
                    return
            except MarionetteException:  # the old document went away while asked
                pass
            if time.monotonic() > deadline:
                raise AssertionError("firefox: the page did not load again within 30 s")
            time.sleep(0.05)

    def run(self, script: str, *args):
        # sandbox=None: in the page's own scope, as WebDriver's Execute Script is.
        return self.client.execute_script(script, script_args=args, sandbox=None)

    def _find(self, selector: str):
        return self.client.find_element("css selector", selector)

    def _perform(self, actions: list[dict]):
        self.client.actions.perform(actions)
        self.client.actions.release()

    def _chrome(self, script: str, *args):
        with self.client.using_context("chrome"):
            return self.client.execute_script(script, script_args=args)

    def _now(self) -> float:
        return self._chrome("return Date.now();")

    def script_errors(self) -> list[str]:
        """The errors (not warnings) Firefox's console service got from pages on 127.0.0.1
        since the last call: uncaught exceptions, unhandled rejections, failed script loads."""
        errors = self._chrome("""
            const [since] = arguments;
            return Services.console.getMessageArray()
              .filter((m) => m instanceof Ci.nsIScriptError && m.timeStamp > since
                      && !(m.flags & (Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag))
                      && m.sourceName.startsWith('http://127.0.0.1'))
              .map((m) => [m.timeStamp, `${m.errorMessage} (${m.sourceName}:${m.lineNumber}) [${m.category}]`]);""",
            self.errors_seen_until)
        if errors:
            self.errors_seen_until = max(stamp for stamp, _ in errors)
        return [text for _, text in errors]

    @property
    def window(self) -> str:
        return self.client.current_window_handle

    def new_window(self) -> str:
        handle = self.client.open(type="tab", focus=True)["handle"]
        self.client.switch_to_window(handle)
        return handle

    def use_window(self, handle: str):
        self.client.switch_to_window(handle)

    def close_window(self):
        self.client.close()

    def screenshot(self, path: pathlib.Path):
        with open(path, "wb") as file:
            self.client.save_screenshot(file)

    def quit(self):
        try:
            self.client.delete_session()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.log.close()
