<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>BatchSettings</name>
    <message>
        <source>Add a folder or some images first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above 100 % the images would grow: tick &quot;Allow enlarging&quot; or choose 100 % or less.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JPEG quality goes from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output folder must be a full path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output folder is a file, not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output folder is one of the inputs; choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF quality goes from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF speed goes from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest file size is at most %1 MB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WebP quality goes from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::Text</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 encoder: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image not encodable as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no %1 encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quality refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot make the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>encoding failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it needs more than %1 MiB in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is for %1, not CMYK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a CMYK profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not make its sRGB profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot read CMYK with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its ICC profile was not used (%1); the standard CMYK profile (ISO Coated v2) was used instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the standard CMYK profile could not be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a %1 image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it is a %2 image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an image Dropsize reads: an ISO media file (%1) that is neither %2 nor %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it is a %2 or %3 file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it looks like a %2 image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it is a %2 document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it is a %2 archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a %2 start marker with no segment after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it looks like %2 (a web page saved under an image name?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it looks like %2 or %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: it looks like text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the decoded image differs in size from its header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file is truncated: its boxes run to byte %1, past its end at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the primary image has no size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an auxiliary image: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 decoder was given less than it had</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1&apos;s pixels are read once, after its header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 decoder has only part of the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 is decoded at full size only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 decoder cannot decode these rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decoded size differs from the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image size out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not enough memory for the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a %1 or %2 file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image is %1x%2 (%3 megapixels), over the limit of %4 megapixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decoded image would exceed the memory limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JPEG with %1 colour components is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DCT scale must be %1, %2, %3 or %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not enough memory for a CMYK row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image size not encodable as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>progressive JPEG with more than %1 scans (a limit against hostile files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the decoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file is truncated before the image data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no %1 decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file is truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce box outside the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resample box outside the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image size differs from the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>premultiplied pixels for a plan that keeps them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan cannot be streamed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not enough memory to resize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more rows than the image has</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image ended before all its rows were decoded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a target file size needs a lossy format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 version mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file is truncated inside its RIFF header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file is truncated: its RIFF header says %1 bytes, the file has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chunk structure is damaged (a chunk&apos;s size, order or frame is wrong)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>damaged bitstream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a feature this libwebp cannot read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the bitstream ends early</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image header uses %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image header is damaged (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image data uses %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image data ends before the image does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image data is damaged (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chunk structure is damaged: a chunk&apos;s size runs past the end its RIFF header gives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image header gives no size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file holds no image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image&apos;s size differs from its header&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the animation cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the animation&apos;s canvas differs from its header&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the animation&apos;s first frame is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image&apos;s size is not encodable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image is too large for a lossy %1 at this quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the result would be over %1&apos;s 4 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 error %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot put the image in a container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot add the ICC profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot add the EXIF data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot assemble the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image size not encodable as %1 (at most %2 pixels a side)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not previewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batch does not take this file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a built-in preset cannot be deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a quote is not closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a closing quote must be followed by a space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an option a preset can set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 both choose the size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset needs a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset&apos;s name can be at most %1 bytes long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset&apos;s name must be UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset&apos;s name cannot hold a tab or a line break</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset&apos;s name cannot start or end with a space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset&apos;s name cannot start with #</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the line is not UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no tab between the preset&apos;s name and its flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; names a preset above already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>several presets differ from &quot;%1&quot; in the case of their letters alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no configuration folder (neither DROPSIZE_CONFIG_DIR nor HOME is set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a built-in preset cannot be renamed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset named &quot;%1&quot; exists already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no preset named &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no image to preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output folder %1 is a symbolic link; Dropsize never writes through a link (remove the link or choose another output folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output folder %1 is a file, not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write in the output folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refusing to replace an input file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a %1 file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same file already taken by another path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder reached twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot list the folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same image as its %1 output, which has this name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another size of this input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output would replace an input file; choose another output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another file has that name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the path is too long for the system (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken symbolic link: its target does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken symbolic link: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>symbolic link leads out of the input folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a link to %1, which is taken by its own path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an output folder (%1), never read as input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds Dropsize&apos;s outputs (%1), never read as input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output folder of this batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a regular file (FIFO, socket or device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds Dropsize&apos;s outputs (%1), never read as input; delete that file to use the folder as input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside %1, which holds Dropsize&apos;s outputs (%2), never read as input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside the input folder %1, which takes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two input folders would write to the same output folder: %1 and %2; resize them one at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output folder is inside the input folder %1; choose a folder outside it (without %2, each input folder gets its own %3 folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output folder contains the input folder %1; choose another output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output folder contains the input file %1; choose another output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the target file size applies to lossy outputs (%1) only: %2 output is lossless (%3) and written as usual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the target file size applies to lossy outputs (%1) only: %2 outputs are lossless (%3) and written as usual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: image sizes differ from the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 CPU thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 CPU threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (GPU) + %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no CUDA device: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this build has no CUDA kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no CUDA device found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the NVIDIA driver is missing or too old for CUDA 13 (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the GPU&apos;s properties: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is too old for this build (compute capability %2, needs %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image needs more than the GPU memory budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU was not opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU stopped (%1); the remaining images run on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU not used: %1; every image runs on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs about %1 MiB, over the memory limit of %2 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no image is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file ends inside its header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no encoder for this format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file changed while it was being read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job has no output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image changed after the batch was planned: this size is now %1, not the %2 its name says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs about %1 MiB for its %2 sizes, over the memory limit of %3 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output would be %1, larger than the input&apos;s %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>even quality %1 gives %2, over the %3 asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; written all the same, as a copy of the input would keep the metadata that is to be stripped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the input copied unchanged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the input&apos;s bytes are gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the input&apos;s date could not be kept: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name pattern is empty; %1 is the input&apos;s own name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; is an absolute path; it names a file inside the output folder (use %2 to choose the folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has an empty folder name (&quot;//&quot; or a &quot;/&quot; at its end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has a &quot;%2&quot; folder; outputs stay inside the output folder (use %3 to choose another)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has a &quot;}&quot; without its &quot;{&quot; (at character %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has a &quot;{&quot; without its &quot;}&quot; (at character %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown field %1 in the name pattern &quot;%2&quot;; the fields are %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, %3, %4, %5 and %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder was moved while it was being walked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file is larger than the memory limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory reading the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file shrank while being read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output folder is not an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output folder path has &apos;..&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create a temporary file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the date is out of this system&apos;s range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot flush to disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot move the output into place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Windows holds no date before 1601 or after 30827</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept at %1: it has that size already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept at %1: it has the shape of %2 already, and filling that would enlarge it (enlarging is off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept at %1: its short edge is %2 pixels or less already, and enlarging is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept at %1: %2 would enlarge it, and enlarging is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept at %1: it fits in %2 already, and enlarging is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept at %1: its long edge is %2 pixels or less already, and enlarging is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept at %1: that percentage leaves its size as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cropped to %1 without scaling: filling %2 would enlarge it, and enlarging is off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the percentage must be a number, at least %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the percentage must be at most %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a percentage above %1 enlarges: allow enlarging to use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>width and height must be between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the long edge must be between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the short edge must be between %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a size: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a percentage is a number from %1 to %2, such as %3 or %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write %1, %2, %3 (or just %4), %5, %6 or %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the edge is a whole number of pixels from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a box is %1, each side a whole number from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation not permitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory not empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device or resource busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot allocate memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid cross-device link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale file handle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text file busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the list of sizes &quot;%1&quot; has an empty item; give sizes such as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the size %1 is given twice (&quot;%2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most %1 sizes can be given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input file does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported file-type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported feature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory allocation error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decoder plugin generated an error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoder plugin generated an error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error during encoding or writing output file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Color profile does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error while loading plugin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unspecified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected end of file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid box size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;ftyp&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;idat&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;meta&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;hdlr&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;hvcC&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;pitm&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;ipco&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;ipma&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;iloc&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;iinf&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;iprp&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;iref&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a &apos;pict&apos; handler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;ipma&apos; box references a non-existing property</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No properties assigned to item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item has no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid grid data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing grid images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid clean-aperture specification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid overlay data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay image outside of canvas area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type of auxiliary image unspecified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No or invalid primary item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;infe&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown color profile type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong tile image chroma format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid fractional number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid pixi box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No &apos;av1C&apos; box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong tile image pixel depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown NCLX color primaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown NCLX transfer characteristics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown NCLX matrix coefficients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Security limit exceeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-existing item ID referenced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NULL argument received</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-existing image channel referenced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The version of the passed plugin is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The version of the passed writer is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid parameter value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported codec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported image type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported data version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported color conversion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported item construction method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported header compression method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported bit depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write output data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plugin file cannot be loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trying to remove a plugin that is not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error while scanning the directory for plugins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;pitm&apos; box references a non-existing image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Security limit for maximum nesting of boxes has been exceeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iloc data pointers out of allowed range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idat box referenced in iref box is not present in file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ftyp box too small (less than 8 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exceeded supported value range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot allocate image memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>insufficient input data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error reading ftyp box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input is no ftyp box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Derived image does not reference any other image items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay image with zero width or height.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thumbnail references a non-existing image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thumbnail references another thumbnail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recursive thumbnail image detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many auxiliary image references</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recursive alpha image detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recursive depth image detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hvcC property in hvc1 type image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metadata not correctly assigned to image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metadata assigned to non-existing image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No iref box available, but needed for grid image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pixi information for luma channel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Different number of bits per pixel in each channel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nonexistent grid image referenced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid bits per pixel in pixi box.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image tile has different chroma format than combined image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No iref box available, but needed for iden image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;iden&apos; image with more than one reference image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No iref box available, but needed for iovl image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of image offsets does not match the number of image references</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Less than 8 bytes of data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grid image data incomplete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay image data incomplete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many thumbnail references</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recursive aux image detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File does not include any supported brands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot allocate memory for image plane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to encode frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to allocate image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed to initialize encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown Adobe color transform code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt JPEG data: bad arithmetic code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inconsistent progression sequence for component %1 coefficient %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt JPEG data: %1 extraneous bytes before marker 0x%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt JPEG data: premature end of data segment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt JPEG data: bad Huffman code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: unknown JFIF revision number %1.%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Premature end of JPEG file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt JPEG data: found marker 0x%1 instead of RST%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid SOS parameters for sequential JPEG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Application transferred too many scanlines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrupt JPEG data: bad ICC marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid component ID %1 in SOS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DCT coefficient out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus Huffman table definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus input colorspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus JPEG colorspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus marker length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling factors too large for interleaved scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported JPEG data precision %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid progressive parameters Ss=%1 Se=%2 Ah=%3 Al=%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus sampling factors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CCIR601 sampling not implemented yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many color components: %1, max %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported color conversion request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus DAC index %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus DAC value 0x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus DHT index %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bogus DQT index %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty JPEG image (DNL not supported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Didn&apos;t expect more than one scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fractional sampling not implemented yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Huffman code size table overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing Huffman code table entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum supported image dimension is %1 pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty input file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Premature end of input file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requested features are incompatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requested feature was omitted at compile time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arithmetic table 0x%1 was not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Huffman table 0x%1 was not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JPEG datastream contains no image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantization table 0x%1 was not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a JPEG file: starts with 0x%1 0x%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: two SOF markers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: missing SOS marker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported JPEG process: SOF type 0x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: two SOI markers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: SOS before SOF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported marker type 0x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image too wide for this implementation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Insufficient memory (case %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backing store not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Application transferred too few scanlines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a PNG file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG file corrupted by ASCII conversion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid IHDR data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid IHDR length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing IHDR before IDAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing PLTE before IDAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG unsigned integer out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad adaptive filter value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image width is zero in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image height is zero in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid image width in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid image height in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image width exceeds user limit in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image height exceeds user limit in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid bit depth in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid color type in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid color type/bit depth combination in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown interlace method in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown compression method in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown filter method in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid filter method in IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MNG features are not allowed in a PNG datastream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough image data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too much image data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra compressed data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough compressed data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Truncated compressed data in IDAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra compression data in IDAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra compressed data in IDAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decompression error in IDAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADLER32 checksum mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row has too many bytes to allocate in memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read palette index exceeding num_palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CRC error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing IHDR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid chunk type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unhandled critical chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chunk data is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>insufficient memory to read chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown chunk exceeds memory limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad compression method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad keyword</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid palette length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid number of colors in palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tRNS chunk has out-of-range samples for bit_depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>known incorrect sRGB profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out-of-date sRGB profile with no signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recognizing known sRGB profile that has been edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gamma value does not match sRGB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cHRM chunk does not match sRGB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid chromaticities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gamma value out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid sRGB rendering intent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored in grayscale PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid with alpha channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid gray level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid color</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignoring invalid time value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>length does not match profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exceeds application limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tag count too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid rendering intent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid ICC profile color space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RGB color space not permitted on grayscale PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gray color space not permitted on RGB PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ICC profile tag outside profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected zlib return code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected end of LZ stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing LZ dictionary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zlib IO error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>damaged LZ stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>insufficient memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>incorrect header check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown compression method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid window size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>incorrect data check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid block type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid stored block lengths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid code lengths set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid bit length repeat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid literal/lengths set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid distances set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid literal/length code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid distance code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid distance too far back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many length or distance symbols</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid code -- missing end-of-block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown header flags set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid image color type specified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory image too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image row stride too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CMYK: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the root folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder: a list names files, one a line; make one with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>part %1 of %2 does not exist: a part is a number from 0 to the number of parts less one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batch split into parts cannot use %1: the names would depend on what other parts have already written, so the parts would not name outputs as one run does; use %2 or %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the root folder of the list cannot be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the output file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot remove the old output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard %1: give the number of parts after the slash (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard %1: give INDEX/COUNT (%2), auto/COUNT or auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard %1: the number of parts must be a whole number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard auto: %1 is %2, not a number of parts from 1 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard auto: %1 is not set; give the number of parts (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard %1: no task index in the environment (%2, %3 or %4 is not set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard %1: %2 is %3, not an index from 0 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard %1: the index must be a whole number from 0 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it has no ICC profile; the standard CMYK profile (ISO Coated v2) was used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its first part is cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its parts do not add up: it says %1, the file holds %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its ICC profile was left out (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another output of this batch has this name (from %1); use %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another output of this batch has this name (from %1); put %2 in the name, or use %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another output of this batch has this name (from %1); put %2 or %3 in the name, or use %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--shard needs INDEX/COUNT (%1), auto/COUNT or auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one of Dropsize&apos;s own files (a run&apos;s temporary, or the mark of an output folder), never read as input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped by an unexpected error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no output folder is given: choose one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reducing gap must be between %1 and %2, or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a reducing gap: give a number from %2 to %3, or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>height and width must be &gt; 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box offset can&apos;t be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box can&apos;t exceed original image size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box can&apos;t be empty</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::BatchNotifier</name>
    <message>
        <source>Starting… · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused at %1 % · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling… · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 done, %2 skipped, %3 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 done, %2 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 not done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropsize cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropsize finished</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::InputListModel</name>
    <message>
        <source>counting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n image(s)</source>
        <translation>
            <numerusform>%n image</numerusform>
            <numerusform>%n images</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder or file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a file or folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already in the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counted in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>will fail: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n other file(s)</source>
        <translation>
            <numerusform>%1, %n other file</numerusform>
            <numerusform>%1, %n other files</numerusform>
        </translation>
    </message>
    <message>
        <source>Left out:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) in all</source>
        <translation>
            <numerusform>%n image in all</numerusform>
            <numerusform>%n images in all</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to resize</source>
        <translation>
            <numerusform>%n to resize</numerusform>
            <numerusform>%n to resize</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to skip</source>
        <translation>
            <numerusform>%n to skip</numerusform>
            <numerusform>%n to skip</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n that cannot be read</source>
        <translation>
            <numerusform>%n that cannot be read</numerusform>
            <numerusform>%n that cannot be read</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::JobLogModel</name>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2×%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quality %1 for the largest file size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>larger than the original (+%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stretched: aspect not kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason / note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::LogPane</name>
    <message>
        <source>Details of the selected row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show onl&amp;y failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy to clip&amp;board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the rows shown to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the selected row&apos;s file in its folder (double-click a row to open it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied to the clipboard</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier row(s) folded (failures are always kept)</source>
        <translation type="unfinished">
            <numerusform>%n earlier row folded (failures are always kept)</numerusform>
            <numerusform>%n earlier rows folded (failures are always kept)</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a row to read its paths and its reason in full.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixels:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not opened: Dropsize itself is the default application for this type. Choose another one in the system settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder of %1 was not opened: no file manager is set up to open folders here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not there any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not show %1: no file manager answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1: no application opens it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::MainWindow</name>
    <message>
        <source>Dropsize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop folders or images to add them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folders and images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add f&amp;iles…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v / %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Dropsize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A batch is running: add more when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Added %n input(s)</source>
        <translation>
            <numerusform>Added %n input</numerusform>
            <numerusform>Added %n inputs</numerusform>
        </translation>
    </message>
    <message>
        <source>Add a folder of images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for images…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 images/s · %2 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch could not start:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 done, %3 skipped, %4 failed in %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, %n not done</source>
        <translation>
            <numerusform>, %n not done</numerusform>
            <numerusform>, %n not done</numerusform>
        </translation>
    </message>
    <message>
        <source> · %1 → %2 (%3 saved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
    <message>
        <source>A batch is running. Stop it and quit?

Files already written stay; the file being written is discarded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Dropsize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Dropsize %1&lt;/h3&gt;&lt;p&gt;Resizes folders of photos (%6), with exactly the pixels of Pillow&apos;s thumbnail(); originals are never changed.&lt;/p&gt;&lt;p&gt;Git revision %2&lt;br&gt;Qt %3&lt;br&gt;%4&lt;br&gt;%5&lt;/p&gt;&lt;p&gt;MIT licence. Uses Qt (LGPLv3) and the image libraries above, each under its own licence (see LICENSE).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only the failures in the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 on %2, %3 on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images (%1);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no images in these inputs (files named %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n not added (see under the list)</source>
        <translation>
            <numerusform>%n not added (see under the list)</numerusform>
            <numerusform>%n not added (see under the list)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file manager is set up to open folders here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder could not be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

The outputs are in:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n output(s) larger than the original(s)</source>
        <translation>
            <numerusform>%n output is larger than its original</numerusform>
            <numerusform>%n outputs are larger than their originals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n output(s) stretched to the exact size (aspect not kept)</source>
        <translation>
            <numerusform>%n output stretched to the exact size (aspect not kept)</numerusform>
            <numerusform>%n outputs stretched to the exact size (aspect not kept)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected inputs from the list (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the batch (Esc): files already written stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n image(s)</source>
        <translation>
            <numerusform>%1 of %n image</numerusform>
            <numerusform>%1 of %n images</numerusform>
        </translation>
    </message>
    <message>
        <source>View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag folders or images here from your file manager, or use Add folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pa&amp;use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open output fol&amp;der</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets &quot;If an output exists&quot; to &quot;Replace it&quot;: the earlier outputs are written over (the originals never are)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the size to the names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names each output with its size (photo_1024x768.jpg), so that outputs of another size stay beside these</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n image(s) would be skipped: their outputs exist already.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The selected image before and after the settings (Ctrl+P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per file of the batch (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More options › If an output exists is now &quot;Replace it&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More options › File names is now %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll right</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::PresetBar</name>
    <message>
        <source>Web (2048 px)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E-mail (1280 px)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thumbnails (256 px)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings saved under a name; dropsize-cli --preset reads the same presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the settings as a preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the presets in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets file, line %1 skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (modified)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no preset named &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a preset of your own can be renamed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a preset of your own can be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current settings as the preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the preset &quot;%1&quot; with the current settings?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name of the preset &quot;%1&quot;:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the preset &quot;%1&quot;? The settings stay as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sav&amp;e as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⋯</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename or delete the preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename or delete the chosen preset (one of yours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::PreviewPane</name>
    <message>
        <source>Original image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show at 100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size to preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Making the preview…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an image in the list or the log to preview it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original: %1 × %2 px, %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output: %1 × %2 px, %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1 % of the original)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at quality %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is there already: the batch will skip it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(less than 1 % of the original)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the output at 100 %, one of its pixels per pixel of the screen, and the original at the same scale (Ctrl+1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit in the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole output, and the original at the same scale (Ctrl+0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+Minus, or the wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit (100 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+Plus, or the wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which of the sizes to preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview the folder&apos;s previous image (Alt+Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image of the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>00 / 00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview the folder&apos;s next image (Alt+Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag to move both images; the wheel zooms both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About the original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About the output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot preview %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit (%1 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch will not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;100 %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dropsize::ui::SettingsPanel</name>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Percentage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit in a box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill a box and crop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short edge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same as the input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JPEG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For&amp;mat:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip it (a re-run resumes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep both (photo_1.jpg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keep EXIF and colour profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No usable GPU: every file will run on the CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact size (stretches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without it no output is larger than its input. A box to fill that an image is too small for is then only cropped to the box&apos;s shape, not scaled up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same as the input (HEIC as JPEG)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each image in its input&apos;s format; HEIC and HEIF are written as JPEG.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JPEG </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JPEG quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF encoder speed: %1 is the slowest and gives the smallest files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quality:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lossy formats only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For an output in its input&apos;s format whose file is larger than the input&apos;s; one in another format is always written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each output takes its input&apos;s modification time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 2048,1024,256 or 50%,fit:800x600</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes every image at each size of the list, reading it once: long edges (2048), percentages (50%), fit:WxH, fill:WxH, short:N, long:N or exact:WxH. Each size&apos;s outputs go to a folder named by its label (2048, fit800x600, 50pct) unless the file names name the size. Empty: the one size above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;veral sizes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}, or e.g. {name}_{w}x{h}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: the input&apos;s name without extension; {ext}: the output&apos;s extension; {w} and {h}: its size; {size}: the size&apos;s label; {n}: the input&apos;s number. The extension is added; &quot;/&quot; makes sub-folders. Empty: the input&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WebP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WebP </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WebP quality; for lossless WebP, the effort (higher: smaller files, slower)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lossless &amp;WebP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exact pixels, in larger files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF speed </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each output in a lossy format is written at the highest quality, up to its quality above, whose file is at most this large. PNG and lossless WebP outputs are written as usual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lar&amp;gest file size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If larger than the original:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If an output e&amp;xists:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep file dates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest file size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit of the largest file size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WebP quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF encoder speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stretches: the aspect is not kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A &quot;ResizeImage&quot; folder beside the images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One folder of my choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each input folder gets a &quot;ResizeImage&quot; folder with the outputs, its sub-folders mirrored inside.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every output goes to the folder below, the inputs&apos; sub-folders mirrored inside.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ch&amp;oose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JPEG quality: higher is better looking and larger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF quality: higher is better looking and larger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More optio&amp;ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several sizes, the filter, file names, a largest file size, what to do with existing outputs, metadata and the device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow enlarging (never by default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smooth (bicubic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharp (Lanczos)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Soft (Hamming)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Softer (bilinear)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Averaged (box)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocky (nearest pixel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pillow&apos;s default for thumbnail(): smooth, little ringing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sharpest: fine detail kept, a little ringing at hard edges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between bilinear and bicubic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Soft; fast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each output pixel the average of the input pixels it covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No smoothing: each output pixel one input pixel (pixel art, masks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File names:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include sub-folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AVIF speed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, and %n CPU thread(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No NVIDIA GPU found: using %n CPU thread(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every setting back to its default (the presets stay)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest (reducing gap 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large images are first reduced as far as the output allows (a JPEG decoded at a smaller scale): quickest, very slightly softer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fast, Pillow&apos;s default (reducing gap 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduced first while still twice the output&apos;s size: what Pillow&apos;s thumbnail() and the old tool do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finer (reducing gap 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduced first while still three times the output&apos;s size: slower, nearer a resample of the whole image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finest, slowest (no reducing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole image resampled at once: no smaller decode, no reducing step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How far a large image is reduced before the filter: the pixels are exactly Pillow&apos;s thumbnail() with that reducing gap (--reducing-gap)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reducing gap %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Batch image resizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folders and images to add to the list.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
