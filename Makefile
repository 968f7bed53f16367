# intent — build, test, demo, benchmark.
SWIFT      ?= swift
PREFIX     ?= /usr/local
MODELS_DIR ?= $(or $(INTENT_MODELS),$(or $(XDG_DATA_HOME),$(HOME)/.local/share)/intent/models)
BIN         = .build/release/intent

.PHONY: all deps build release test fuzz test-llama demo bench models install docs clean

all: release

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

# The Swift runtime is linked statically: it halves process start-up (~31 → ~16 ms), which is
# most of what a cron or pipeline run costs. BLAS and libcurl are opened on first use
# (Sources/CBLAS, Sources/LazyCurl); lazy-libs.sh removes libcurl from the start-up list.
# A position-dependent executable (-no-pie) has no relative relocations for the loader to apply
# at each start (87,565 of them in a PIE build): a warm capture 11.6 -> 10.6 ms wall, minor
# faults 965 -> 776 (quiet machine, one side-by-side run). Shared libraries stay randomised; the
# executable's own image loads at a fixed address.
# The C++ runtime the Swift runtime needs is linked statically too (scripts/static-cxx.sh):
# no libstdc++.so to load and no ~3,600 symbol lookups at each start (warm capture 14.7M ->
# 12.6M instructions).
release: deps
	@scripts/static-cxx.sh $(CURDIR)/.build/static-cxx
	$(SWIFT) build -c release --product intent --static-swift-stdlib -Xlinker -no-pie -Xlinker -L$(CURDIR)/.build/static-cxx
	@scripts/lazy-libs.sh $(BIN)

# Unit and integration tests (integration tests drive the release binary), then the evals.
test: release
	INTENT_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --parallel
	@scripts/run-evals.sh $(BIN)
	@scripts/fuzz.py $(BIN) --quick

# Seeded, bounded fuzzing of every input the binary reads (a few minutes): fails on a signal, a
# hang or memory over the bound. FUZZ_ARGS="--cases 500 --seed 7" for a longer or other run.
fuzz: release
	@scripts/fuzz.py $(BIN) $(FUZZ_ARGS)

# The ladder against a real llama.cpp server (llama-cpp-python) started on loopback; skipped
# with a message when `python3 -c 'import llama_cpp.server'` fails. Not part of CI.
test-llama: release
	@scripts/test-llama.sh $(BIN) "$(MODELS_DIR)"

demo: release
	@scripts/demo.sh $(BIN)

bench: release
	@scripts/bench.sh $(BIN)

models:
	@mkdir -p "$(MODELS_DIR)"
	@for s in scripts/models-*.sh; do [ ! -x "$$s" ] || "$$s" "$(MODELS_DIR)" || exit 1; done

# Installed without symbols or debug information (95 MB -> 66 MB on disk; .build keeps them
# for profiling). Start-up does not change: those sections are never loaded.
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 -s $(BIN) "$(DESTDIR)$(PREFIX)/bin/intent"

# Regenerates Docs/INTENTS.md from the catalog (a test fails when it drifts).
docs: release
	$(BIN) list --markdown > Docs/INTENTS.md

clean:
	rm -rf .build
