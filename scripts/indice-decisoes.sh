#!/usr/bin/env bash
# Regenerates docs/decisions/README.md (the index) from each record's title line: run it after adding a decision.
cd "$(dirname "$0")/../docs/decisions"
{
  echo "# Decisões"
  echo
  echo "Por que o código é como é, uma decisão por arquivo, numeradas por área (0001-0009 a casa, 0010-0019 a"
  echo "sessão, 0020-0039 a escalação, 0040-0059 a conta e as declarações, 0060-0069 a eleição, 0070-0089 o"
  echo "desempenho, 0090-0099 a segurança, 0100-0119 a casa da chamada e o contrato da API, 0120-0139 o web e o"
  echo "celular, 0140-0159 o rodízio e a gestão da chamada, 0160-0169 ao vivo). O comportamento do produto está em"
  echo "[docs/produto/](../produto/)."
  echo
  echo "| Nº | Decisão |"
  echo "|---|---|"
  for f in [0-9][0-9][0-9][0-9]-*.md; do
    titulo=$(head -n1 "$f" | sed -E 's/^# *//; s/^[0-9]{4} *[—–-]+ *//')
    echo "| [${f:0:4}]($f) | $titulo |"
  done
} > README.md
