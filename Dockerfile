# The bot in a small image: `docker compose up -d` (see docker-compose.yml and README.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/bot.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engines ./engines
COPY ai ./ai
COPY render ./render
COPY bot ./bot
RUN pip install . && useradd --create-home --uid 10001 boardgames && mkdir -p /data && chown boardgames /data

USER boardgames
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
