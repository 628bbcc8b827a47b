# One gate: `make test` is what CI runs (.ci/run). `make serve` runs the API locally.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# pyenv answers for python3.13 only when asked; Lambda's runtime is python3.13. Asked for the 3.11 and 3.13 it has,
# whichever they are (review: 3.11.7:3.13.0 alone, another machine's pyenv fell back to python3); a value given wins.
ifeq ($(origin PYENV_VERSION),undefined)
PYENV_VERSION := $(shell pyenv versions --bare 2>/dev/null | grep -xE '3\.(11|13)\.[0-9]+' | sort -t. -k2,2n -k3,3n | paste -sd: -)
endif
export PYENV_VERSION
export SAM_CLI_TELEMETRY := 0
export AWS_DEFAULT_REGION ?= eu-west-1
PYTHON ?= $(shell python3.13 -c '' 2>/dev/null && command -v python3.13 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
SAM_VENV := .sam-venv
SAM := $(SAM_VENV)/bin/sam
SAM_CLI_VERSION := 1.170.0
CHECKOV_VENV := .checkov-venv
CHECKOV_VERSION := 3.3.30
HOST ?= 127.0.0.1
PORT ?= 3000

.PHONY: help install tools lint types template checkov pytest test serve bench bench-layer fuzz clean

help:
	@echo "make install   create .venv with everything the tests and fairdice audit need"
	@echo "make test      lint, types, template checks and the whole pytest suite (what CI runs)"
	@echo "make lint | types | template | pytest   one part of make test alone"
	@echo "make serve     run the API on http://$(HOST):$(PORT) (PORT=… HOST=… to change; local-disk archive, no AWS, no Docker)"
	@echo "make bench     print the benchmark report (the audit's figures last: about 10 minutes)"
	@echo "make fuzz      the long fuzzing runs (schemathesis and Hypothesis, about 8 minutes)"
	@echo "make tools     AWS SAM CLI in .sam-venv (make test installs it)"
	@echo "make checkov   checkov on the template (make test runs it)"
	@echo "make bench-layer  what the layer's shipped bytecode saves at a cold start (downloads the layer's wheels)"
	@echo "make clean     remove the venvs, SAM's build, caches and var/ (the local archive and its secrets)"

install: $(VENV)/.installed

# What the server runs on: the layer's requirements and fairdice itself. `make serve` needs no more, so a fresh
# machine serves without first installing the test toolchain (pytest, moto, mypy, schemathesis: hundreds of MB).
$(VENV)/.runtime: shared/requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r shared/requirements.txt -e .
	touch $@

$(VENV)/.installed: $(VENV)/.runtime requirements-dev.txt
	$(BIN)/python -m pip install -q -r requirements-dev.txt -e .
	touch $@

# SAM CLI lives in its own venv: its pins would fight the project's.
tools: $(SAM_VENV)/.installed

$(SAM_VENV)/.installed:
	$(PYTHON) -m venv $(SAM_VENV)
	$(SAM_VENV)/bin/python -m pip install -q --upgrade pip
	$(SAM_VENV)/bin/python -m pip install -q aws-sam-cli==$(SAM_CLI_VERSION)
	touch $@

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: install
	$(BIN)/mypy

# sam build needs python3.13 on PATH: the project venv provides it.
template: tools install
	$(SAM) validate
	$(SAM) validate --lint
	PATH="$(CURDIR)/$(BIN):$$PATH" $(SAM) build --cached --parallel
	@# The layer ships its bytecode (shared/Makefile): Lambda could not write it and would compile at every cold start.
	@test -f .aws-sam/build/CoreLayer/python/fairdice/__pycache__/verdict.cpython-313.pyc \
		&& test -f .aws-sam/build/CoreLayer/python/pydantic/__pycache__/main.cpython-313.pyc \
		|| { echo "the CoreLayer was built without its bytecode" >&2; exit 1; }
	@# The layer holds what the functions import; the CLIs and the test vectors are the pip package's alone.
	@shipped="$$(cd .aws-sam/build/CoreLayer/python/fairdice \
		&& ls cli.py console.py daily_cli.py __main__.py vectors.py schemes/*_vectors.py \
			audit/cli.py audit/local.py audit/progress.py 2>/dev/null)"; \
		test -z "$$shipped" || { echo "the CoreLayer ships what no function imports:" $$shipped >&2; exit 1; }
	@# The verify handler is the package verify_api (functions/verify_api/Makefile), with its bytecode too.
	@test -f .aws-sam/build/VerifyApiFunction/verify_api/__pycache__/app.cpython-313.pyc \
		|| { echo "VerifyApiFunction was built without the package verify_api or its bytecode" >&2; exit 1; }
	@# Lambda refuses a function whose code and layers unzip to more than 250 MB (262,144,000 bytes):
	@# the audit's merge (scipy) and report (matplotlib) functions are the ones near it.
	@layer=$$(du -sb .aws-sam/build/CoreLayer | cut -f1); for f in AuditMergeFunction AuditReportFunction; do \
		size=$$(( $$(du -sb .aws-sam/build/$$f | cut -f1) + layer )); \
		test $$size -le 262144000 || { echo "$$f with the CoreLayer unzips to $$size bytes, over Lambda's limit" >&2; exit 1; }; \
	done

# checkov has pins of its own too: its own venv. Accepted findings are skipped in template.yaml, with reasons.
$(CHECKOV_VENV)/.installed:
	$(PYTHON) -m venv $(CHECKOV_VENV)
	$(CHECKOV_VENV)/bin/python -m pip install -q --upgrade pip
	$(CHECKOV_VENV)/bin/python -m pip install -q checkov==$(CHECKOV_VERSION)
	touch $@

checkov: $(CHECKOV_VENV)/.installed
	$(CHECKOV_VENV)/bin/checkov --config-file .checkov.yaml

pytest: install
	$(BIN)/pytest

test: lint types template checkov pytest

serve: $(VENV)/.runtime
	$(BIN)/python tools/local_server.py --host $(HOST) --port $(PORT)

bench: install
	$(BIN)/python bench/run.py
	$(BIN)/python bench/audit.py

# Downloads the layer's wheels for this machine: what the layer's shipped bytecode saves at a cold start.
bench-layer: install
	$(BIN)/python bench/layer_bytecode.py

fuzz: install
	FAIRDICE_FUZZ_LONG=1 $(BIN)/pytest tests/security

clean:
	rm -rf $(VENV) $(SAM_VENV) $(CHECKOV_VENV) .aws-sam .pytest_cache .mypy_cache .ruff_cache .hypothesis var \
		shared/fairdice.egg-info
