#!/usr/bin/env bash
# Regenerates docs/decisions/README.md (the index) from each record's title line and its status line
# ("Status: aceita (AAAA-MM-DD)…", near the top): run it after adding or changing a decision.
cd "$(dirname "$0")/../docs/decisions"
{
  echo "# Decisões"
  echo
  echo "Por que o código é como é, uma decisão por arquivo, numeradas por área (0001-0009 a casa, 0010-0019 a"
  echo "sessão, 0020-0039 a escalação, 0040-0059 a conta e as declarações, 0060-0069 a eleição, 0070-0089 o"
  echo "desempenho, 0090-0099 a segurança, 0100-0119 a casa da chamada e o contrato da API, 0120-0139 o web e o"
  echo "celular, 0140-0159 o rodízio e a gestão da chamada, 0160-0189 ao vivo e avisos, 0190-0199 revisões e o"
  echo "web; de 0200 em diante, uma dezena por frente de trabalho: 0200 a casa em módulos, 0210 o rodízio, 0220 a"
  echo "segurança, 0230 o cadastro, 0240 o financeiro, 0250 a operação, 0260 a tela da gestão, 0270 as mensagens e as eleições pela equipe)."
  echo "O comportamento do produto está em [docs/produto/](../produto/); as palavras do porto, no"
  echo "[glossário](../glossario.md)."
  echo
  echo "Cada registro começa com a sua situação: \`aceita\` (em vigor; com a data em que foi decidida),"
  echo "\`substituída por NNNN\` ou \`revogada\`; \`em parte substituída por NNNN\` quer dizer que o resto continua"
  echo "valendo, e \`substitui em parte NNNN\` aponta o caminho de volta."
  echo
  echo "| Nº | Decisão | Situação |"
  echo "|---|---|---|"
  for f in [0-9][0-9][0-9][0-9]-*.md; do
    titulo=$(head -n1 "$f" | sed -E 's/^# *//; s/^[0-9]{4} *[—–-]+ *//; s/\|/\\|/g')
    situacao=$(grep -m1 -E '^Status: ' "$f" | sed -E 's/^Status: *//; s/\|/\\|/g')
    echo "| [${f:0:4}]($f) | $titulo | ${situacao:-—} |"
  done
} > README.md
