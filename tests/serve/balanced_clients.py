"""COUNT requests at once with the openai package, as its users call it, with
its own retries off (the balancer is what retries):
  balanced_clients.py BASE_URL TOKEN VOICE TEXT SEED COUNT OUT_FOLDER
writes OUT_FOLDER/take-N.wav for each request, or fails naming the first
that got no audio."""
import concurrent.futures
import pathlib
import sys

import openai

base_url, token, voice, text, seed, count, out = sys.argv[1:]
client = openai.OpenAI(base_url=base_url, api_key=token, max_retries=0, timeout=300)


def speak(index):
    path = pathlib.Path(out) / f"take-{index}.wav"
    with client.audio.speech.with_streaming_response.create(
            model="cosyvoice3", voice=voice, input=text, response_format="wav",
            extra_body={"seed": int(seed)}) as response:
        response.stream_to_file(path)
    return path


with concurrent.futures.ThreadPoolExecutor(int(count)) as pool:
    futures = [pool.submit(speak, index) for index in range(int(count))]
    for index, future in enumerate(futures):
        try:
            future.result()
        except Exception as error:  # noqa: BLE001 - the test reports what the client got
            sys.exit(f"FAIL: request {index} got no audio: {type(error).__name__}: {error}")
print(f"{count} requests answered")
