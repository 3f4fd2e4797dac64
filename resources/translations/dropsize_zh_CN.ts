<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BatchSettings</name>
    <message>
        <source>Add a folder or some images first.</source>
        <translation>请先添加文件夹或图片。</translation>
    </message>
    <message>
        <source>Above 100 % the images would grow: tick &quot;Allow enlarging&quot; or choose 100 % or less.</source>
        <translation>超过 100 % 会放大图片：请勾选“允许放大”，或选择 100 % 及以下。</translation>
    </message>
    <message>
        <source>JPEG quality goes from %1 to %2.</source>
        <translation>JPEG 质量的范围是 %1 到 %2。</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>请选择输出文件夹。</translation>
    </message>
    <message>
        <source>The output folder must be a full path.</source>
        <translation>输出文件夹必须是完整路径。</translation>
    </message>
    <message>
        <source>The output folder is a file, not a folder.</source>
        <translation>输出位置是一个文件，不是文件夹。</translation>
    </message>
    <message>
        <source>The output folder is one of the inputs; choose another.</source>
        <translation>输出文件夹是输入之一，请另选一个。</translation>
    </message>
    <message>
        <source>AVIF quality goes from %1 to %2.</source>
        <translation>AVIF 质量范围为 %1 到 %2。</translation>
    </message>
    <message>
        <source>AVIF speed goes from %1 to %2.</source>
        <translation>AVIF 速度范围为 %1 到 %2。</translation>
    </message>
    <message>
        <source>The largest file size is at most %1 MB.</source>
        <translation>最大文件大小不能超过 %1 MB。</translation>
    </message>
    <message>
        <source>WebP quality goes from %1 to %2.</source>
        <translation>WebP 质量范围为 %1 到 %2。</translation>
    </message>
</context>
<context>
    <name>dropsize::Text</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 encoder: %2</source>
        <translation>%1 编码器：%2</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>image not encodable as %1</source>
        <translation>图片无法编码为 %1</translation>
    </message>
    <message>
        <source>no %1 encoder</source>
        <translation>没有 %1 编码器</translation>
    </message>
    <message>
        <source>quality refused</source>
        <translation>不接受该质量设置</translation>
    </message>
    <message>
        <source>speed refused</source>
        <translation>不接受该速度设置</translation>
    </message>
    <message>
        <source>cannot make the image</source>
        <translation>无法创建图像</translation>
    </message>
    <message>
        <source>encoding failed</source>
        <translation>编码失败</translation>
    </message>
    <message>
        <source>writing failed</source>
        <translation>写入失败</translation>
    </message>
    <message>
        <source>grey</source>
        <translation>灰度</translation>
    </message>
    <message>
        <source>it needs more than %1 MiB in %2</source>
        <translation>它在 %2 中需要超过 %1 MiB 内存</translation>
    </message>
    <message>
        <source>%1 (%2: %3)</source>
        <translation>%1（%2：%3）</translation>
    </message>
    <message>
        <source>it cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>it is for %1, not CMYK</source>
        <translation>它用于 %1，而非 CMYK</translation>
    </message>
    <message>
        <source>it is not a CMYK profile</source>
        <translation>它不是 CMYK 配置文件</translation>
    </message>
    <message>
        <source>%1 could not make its sRGB profile</source>
        <translation>%1 无法生成 sRGB 配置文件</translation>
    </message>
    <message>
        <source>%1 cannot read CMYK with it</source>
        <translation>%1 无法用它读取 CMYK</translation>
    </message>
    <message>
        <source>%1 could not start</source>
        <translation>%1 无法启动</translation>
    </message>
    <message>
        <source>its ICC profile was not used (%1); the standard CMYK profile (ISO Coated v2) was used instead</source>
        <translation>未使用其 ICC 配置文件（%1），改用了标准 CMYK 配置文件（ISO Coated v2）</translation>
    </message>
    <message>
        <source>the standard CMYK profile could not be used: %1</source>
        <translation>无法使用标准 CMYK 配置文件：%1</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>not a %1 image</source>
        <translation>不是 %1 图片</translation>
    </message>
    <message>
        <source>%1: it is a %2 image</source>
        <translation>%1：这是 %2 图片</translation>
    </message>
    <message>
        <source>not an image Dropsize reads: an ISO media file (%1) that is neither %2 nor %3</source>
        <translation>不是 Dropsize 能读取的图片：这是 ISO 媒体文件（%1），既不是 %2 也不是 %3</translation>
    </message>
    <message>
        <source>%1: it is a %2 or %3 file</source>
        <translation>%1：这是 %2 或 %3 文件</translation>
    </message>
    <message>
        <source>%1: it looks like a %2 image</source>
        <translation>%1：看起来是 %2 图片</translation>
    </message>
    <message>
        <source>%1: it is a %2 document</source>
        <translation>%1：这是 %2 文档</translation>
    </message>
    <message>
        <source>%1: it is a %2 archive</source>
        <translation>%1：这是 %2 压缩包</translation>
    </message>
    <message>
        <source>%1: a %2 start marker with no segment after it</source>
        <translation>%1：只有 %2 起始标记，其后没有任何数据段</translation>
    </message>
    <message>
        <source>%1: it looks like %2 (a web page saved under an image name?)</source>
        <translation>%1：看起来是 %2（可能是以图片文件名保存的网页？）</translation>
    </message>
    <message>
        <source>%1: it looks like %2 or %3</source>
        <translation>%1：看起来是 %2 或 %3</translation>
    </message>
    <message>
        <source>%1: it looks like text</source>
        <translation>%1：看起来是文本</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 失败</translation>
    </message>
    <message>
        <source>the decoded image differs in size from its header</source>
        <translation>解码后的图像尺寸与文件头中的不一致</translation>
    </message>
    <message>
        <source>file is truncated: its boxes run to byte %1, past its end at %2</source>
        <translation>文件已截断：其数据盒延伸到第 %1 字节，超出了文件末尾（%2 字节）</translation>
    </message>
    <message>
        <source>the primary image has no size</source>
        <translation>主图像没有尺寸</translation>
    </message>
    <message>
        <source>an auxiliary image: %1</source>
        <translation>辅助图像：%1</translation>
    </message>
    <message>
        <source>a %1 decoder was given less than it had</source>
        <translation>%1 解码器收到的数据比已有的还少</translation>
    </message>
    <message>
        <source>a %1&apos;s pixels are read once, after its header</source>
        <translation>%1 的像素只能在读取文件头之后读取一次</translation>
    </message>
    <message>
        <source>a %1 decoder has only part of the file</source>
        <translation>%1 解码器只拿到了文件的一部分</translation>
    </message>
    <message>
        <source>a %1 is decoded at full size only</source>
        <translation>%1 只能按原始尺寸解码</translation>
    </message>
    <message>
        <source>a %1 decoder cannot decode these rows</source>
        <translation>%1 解码器无法解码这些行</translation>
    </message>
    <message>
        <source>decoded size differs from the plan</source>
        <translation>解码尺寸与计划不一致</translation>
    </message>
    <message>
        <source>image size out of range</source>
        <translation>图片尺寸超出范围</translation>
    </message>
    <message>
        <source>not enough memory for the image</source>
        <translation>内存不足，无法容纳该图片</translation>
    </message>
    <message>
        <source>not a %1 or %2 file</source>
        <translation>不是 %1 或 %2 文件</translation>
    </message>
    <message>
        <source>image is %1x%2 (%3 megapixels), over the limit of %4 megapixels</source>
        <translation>图片为 %1x%2（%3 百万像素），超过了 %4 百万像素的上限</translation>
    </message>
    <message>
        <source>decoded image would exceed the memory limit</source>
        <translation>解码后的图片将超出内存上限</translation>
    </message>
    <message>
        <source>JPEG with %1 colour components is not supported</source>
        <translation>不支持含 %1 个颜色分量的 JPEG</translation>
    </message>
    <message>
        <source>DCT scale must be %1, %2, %3 or %4</source>
        <translation>DCT 缩放比例必须为 %1、%2、%3 或 %4</translation>
    </message>
    <message>
        <source>not enough memory for a CMYK row</source>
        <translation>内存不足，无法容纳一行 CMYK 数据</translation>
    </message>
    <message>
        <source>image size not encodable as %1</source>
        <translation>该图片尺寸无法编码为 %1</translation>
    </message>
    <message>
        <source>progressive JPEG with more than %1 scans (a limit against hostile files)</source>
        <translation>渐进式 JPEG 的扫描次数超过 %1（这是防范恶意文件的限制）</translation>
    </message>
    <message>
        <source>cannot create the decoder</source>
        <translation>无法创建解码器</translation>
    </message>
    <message>
        <source>file is truncated before the image data</source>
        <translation>文件在图像数据之前就被截断了</translation>
    </message>
    <message>
        <source>no %1 decode</source>
        <translation>未进行 %1 解码</translation>
    </message>
    <message>
        <source>file is truncated</source>
        <translation>文件已截断</translation>
    </message>
    <message>
        <source>cannot create the encoder</source>
        <translation>无法创建编码器</translation>
    </message>
    <message>
        <source>reduce box outside the image</source>
        <translation>缩减区域超出图片范围</translation>
    </message>
    <message>
        <source>resample box outside the image</source>
        <translation>重采样区域超出图片范围</translation>
    </message>
    <message>
        <source>image size differs from the plan</source>
        <translation>图片尺寸与计划不一致</translation>
    </message>
    <message>
        <source>premultiplied pixels for a plan that keeps them</source>
        <translation>计划保留原像素，却得到了预乘像素</translation>
    </message>
    <message>
        <source>plan cannot be streamed</source>
        <translation>该计划无法流式处理</translation>
    </message>
    <message>
        <source>not enough memory to resize</source>
        <translation>内存不足，无法缩放</translation>
    </message>
    <message>
        <source>more rows than the image has</source>
        <translation>行数超过了图片的总行数</translation>
    </message>
    <message>
        <source>the image ended before all its rows were decoded</source>
        <translation>图片在所有行解码完成之前就结束了</translation>
    </message>
    <message>
        <source>a target file size needs a lossy format</source>
        <translation>目标文件大小需要有损格式</translation>
    </message>
    <message>
        <source>%1 version mismatch</source>
        <translation>%1 版本不匹配</translation>
    </message>
    <message>
        <source>file is truncated inside its RIFF header</source>
        <translation>文件在 RIFF 头内部就被截断了</translation>
    </message>
    <message>
        <source>file is truncated: its RIFF header says %1 bytes, the file has %2</source>
        <translation>文件已截断：RIFF 头标明 %1 字节，文件实际只有 %2 字节</translation>
    </message>
    <message>
        <source>the chunk structure is damaged (a chunk&apos;s size, order or frame is wrong)</source>
        <translation>块结构已损坏（某个块的大小、顺序或帧有误）</translation>
    </message>
    <message>
        <source>no error</source>
        <translation>无错误</translation>
    </message>
    <message>
        <source>invalid parameter</source>
        <translation>参数无效</translation>
    </message>
    <message>
        <source>damaged bitstream</source>
        <translation>码流已损坏</translation>
    </message>
    <message>
        <source>a feature this libwebp cannot read</source>
        <translation>此版本 libwebp 无法读取的特性</translation>
    </message>
    <message>
        <source>the bitstream ends early</source>
        <translation>码流提前结束</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>status %1</source>
        <translation>状态 %1</translation>
    </message>
    <message>
        <source>the image header uses %1</source>
        <translation>图像头使用了%1</translation>
    </message>
    <message>
        <source>the image header is damaged (%1)</source>
        <translation>图像头已损坏（%1）</translation>
    </message>
    <message>
        <source>the image data uses %1</source>
        <translation>图像数据使用了%1</translation>
    </message>
    <message>
        <source>the image data ends before the image does</source>
        <translation>图像数据在图像结束之前就中断了</translation>
    </message>
    <message>
        <source>the image data is damaged (%1)</source>
        <translation>图像数据已损坏（%1）</translation>
    </message>
    <message>
        <source>the chunk structure is damaged: a chunk&apos;s size runs past the end its RIFF header gives</source>
        <translation>块结构已损坏：某个块的大小超出了 RIFF 头标明的文件末尾</translation>
    </message>
    <message>
        <source>the image header gives no size</source>
        <translation>图像头没有给出尺寸</translation>
    </message>
    <message>
        <source>the file holds no image</source>
        <translation>文件中没有图像</translation>
    </message>
    <message>
        <source>the image&apos;s size differs from its header&apos;s</source>
        <translation>图像尺寸与图像头中的不一致</translation>
    </message>
    <message>
        <source>the animation cannot be read</source>
        <translation>无法读取动画</translation>
    </message>
    <message>
        <source>the animation&apos;s canvas differs from its header&apos;s</source>
        <translation>动画画布与文件头中的不一致</translation>
    </message>
    <message>
        <source>the animation&apos;s first frame is damaged</source>
        <translation>动画的第一帧已损坏</translation>
    </message>
    <message>
        <source>the image&apos;s size is not encodable</source>
        <translation>图像尺寸无法编码</translation>
    </message>
    <message>
        <source>the image is too large for a lossy %1 at this quality</source>
        <translation>在此质量下，图像对有损 %1 来说过大</translation>
    </message>
    <message>
        <source>the result would be over %1&apos;s 4 GiB</source>
        <translation>结果将超过 %1 的 4 GiB 上限</translation>
    </message>
    <message>
        <source>%1 error %2</source>
        <translation>%1 错误 %2</translation>
    </message>
    <message>
        <source>cannot put the image in a container</source>
        <translation>无法将图像放入容器</translation>
    </message>
    <message>
        <source>cannot add the ICC profile</source>
        <translation>无法添加 ICC 配置文件</translation>
    </message>
    <message>
        <source>cannot add the EXIF data</source>
        <translation>无法添加 EXIF 数据</translation>
    </message>
    <message>
        <source>cannot assemble the file</source>
        <translation>无法组装文件</translation>
    </message>
    <message>
        <source>image size not encodable as %1 (at most %2 pixels a side)</source>
        <translation>该图片尺寸无法编码为 %1（每边最多 %2 像素）</translation>
    </message>
    <message>
        <source>invalid configuration</source>
        <translation>配置无效</translation>
    </message>
    <message>
        <source>not previewed</source>
        <translation>未预览</translation>
    </message>
    <message>
        <source>the batch does not take this file: %1</source>
        <translation>批处理不会处理此文件：%1</translation>
    </message>
    <message>
        <source>a built-in preset cannot be deleted</source>
        <translation>内置预设不能删除</translation>
    </message>
    <message>
        <source>a quote is not closed</source>
        <translation>引号没有闭合</translation>
    </message>
    <message>
        <source>a closing quote must be followed by a space</source>
        <translation>右引号后面必须是空格</translation>
    </message>
    <message>
        <source>%1 is not an option a preset can set</source>
        <translation>预设不能设置 %1</translation>
    </message>
    <message>
        <source>%1 is given twice</source>
        <translation>%1 出现了两次</translation>
    </message>
    <message>
        <source>%1 and %2 both choose the size</source>
        <translation>%1 和 %2 都在指定尺寸，只能保留一个</translation>
    </message>
    <message>
        <source>%1 needs a value</source>
        <translation>%1 需要一个值</translation>
    </message>
    <message>
        <source>%1 cannot be %2</source>
        <translation>%1 不能是 %2</translation>
    </message>
    <message>
        <source>a preset needs a name</source>
        <translation>预设需要一个名称</translation>
    </message>
    <message>
        <source>a preset&apos;s name can be at most %1 bytes long</source>
        <translation>预设名称最长 %1 字节</translation>
    </message>
    <message>
        <source>a preset&apos;s name must be UTF-8 text</source>
        <translation>预设名称必须是 UTF-8 文本</translation>
    </message>
    <message>
        <source>a preset&apos;s name cannot hold a tab or a line break</source>
        <translation>预设名称不能包含制表符或换行符</translation>
    </message>
    <message>
        <source>a preset&apos;s name cannot start or end with a space</source>
        <translation>预设名称的开头和结尾不能是空格</translation>
    </message>
    <message>
        <source>a preset&apos;s name cannot start with #</source>
        <translation>预设名称不能以 # 开头</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset&apos;s name</source>
        <translation>“%1”是内置预设的名称</translation>
    </message>
    <message>
        <source>the line is not UTF-8 text</source>
        <translation>这一行不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>no tab between the preset&apos;s name and its flags</source>
        <translation>预设名称和参数之间缺少制表符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names a preset above already</source>
        <translation>前面已有名为“%1”的预设</translation>
    </message>
    <message>
        <source>several presets differ from &quot;%1&quot; in the case of their letters alone</source>
        <translation>有几个预设的名称与“%1”仅有字母大小写不同</translation>
    </message>
    <message>
        <source>there is no configuration folder (neither DROPSIZE_CONFIG_DIR nor HOME is set)</source>
        <translation>找不到配置文件夹（DROPSIZE_CONFIG_DIR 和 HOME 都未设置）</translation>
    </message>
    <message>
        <source>a built-in preset cannot be renamed</source>
        <translation>内置预设不能重命名</translation>
    </message>
    <message>
        <source>a preset named &quot;%1&quot; exists already</source>
        <translation>已有名为“%1”的预设</translation>
    </message>
    <message>
        <source>there is no preset named &quot;%1&quot;</source>
        <translation>没有名为“%1”的预设</translation>
    </message>
    <message>
        <source>no image to preview</source>
        <translation>没有可预览的图像</translation>
    </message>
    <message>
        <source>the output folder %1 is a symbolic link; Dropsize never writes through a link (remove the link or choose another output folder)</source>
        <translation>输出文件夹 %1 是符号链接；Dropsize 从不通过链接写入（请删除该链接，或选择其他输出文件夹）</translation>
    </message>
    <message>
        <source>the output folder %1 is a file, not a folder</source>
        <translation>输出文件夹 %1 是一个文件，不是文件夹</translation>
    </message>
    <message>
        <source>cannot write in the output folder %1: %2</source>
        <translation>无法写入输出文件夹 %1：%2</translation>
    </message>
    <message>
        <source>refusing to replace an input file</source>
        <translation>拒绝覆盖输入文件</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>not a %1 file</source>
        <translation>不是 %1 文件</translation>
    </message>
    <message>
        <source>same file already taken by another path</source>
        <translation>同一文件已通过另一路径加入</translation>
    </message>
    <message>
        <source>cannot open the folder</source>
        <translation>无法打开该文件夹</translation>
    </message>
    <message>
        <source>folder reached twice</source>
        <translation>该文件夹被访问了两次</translation>
    </message>
    <message>
        <source>cannot list the folder: %1</source>
        <translation>无法列出文件夹内容：%1</translation>
    </message>
    <message>
        <source>the same image as its %1 output, which has this name</source>
        <translation>与其 %1 尺寸的输出是同一张图片，且文件名相同</translation>
    </message>
    <message>
        <source>another size of this input</source>
        <translation>此输入的另一个尺寸</translation>
    </message>
    <message>
        <source>the output would replace an input file; choose another output folder</source>
        <translation>输出会覆盖一个输入文件；请选择其他输出文件夹</translation>
    </message>
    <message>
        <source>output exists</source>
        <translation>输出文件已存在</translation>
    </message>
    <message>
        <source>another file has that name</source>
        <translation>已有另一个文件使用这个名称</translation>
    </message>
    <message>
        <source>%1 characters</source>
        <translation>%1 个字符</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>the path is too long for the system (%1): %2</source>
        <translation>路径超出系统允许的长度（%1）：%2</translation>
    </message>
    <message>
        <source>broken symbolic link: its target does not exist</source>
        <translation>符号链接已失效：其目标不存在</translation>
    </message>
    <message>
        <source>broken symbolic link: %1</source>
        <translation>符号链接已失效：%1</translation>
    </message>
    <message>
        <source>symbolic link leads out of the input folder</source>
        <translation>符号链接指向输入文件夹之外</translation>
    </message>
    <message>
        <source>a link to %1, which is taken by its own path</source>
        <translation>指向 %1 的链接，该目标已按其自身路径加入</translation>
    </message>
    <message>
        <source>an output folder (%1), never read as input</source>
        <translation>输出文件夹（%1），不会作为输入读取</translation>
    </message>
    <message>
        <source>holds Dropsize&apos;s outputs (%1), never read as input</source>
        <translation>存放着 Dropsize 的输出（%1），不会作为输入读取</translation>
    </message>
    <message>
        <source>the output folder of this batch</source>
        <translation>本批次的输出文件夹</translation>
    </message>
    <message>
        <source>not a regular file (FIFO, socket or device)</source>
        <translation>不是普通文件（FIFO、套接字或设备）</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有这个文件或文件夹</translation>
    </message>
    <message>
        <source>holds Dropsize&apos;s outputs (%1), never read as input; delete that file to use the folder as input</source>
        <translation>存放着 Dropsize 的输出（%1），不会作为输入读取；删除该文件即可把此文件夹用作输入</translation>
    </message>
    <message>
        <source>given twice</source>
        <translation>重复添加</translation>
    </message>
    <message>
        <source>inside %1, which holds Dropsize&apos;s outputs (%2), never read as input</source>
        <translation>位于 %1 中，该文件夹存放着 Dropsize 的输出（%2），不会作为输入读取</translation>
    </message>
    <message>
        <source>inside the input folder %1, which takes it</source>
        <translation>位于输入文件夹 %1 中，已随该文件夹处理</translation>
    </message>
    <message>
        <source>two input folders would write to the same output folder: %1 and %2; resize them one at a time</source>
        <translation>两个输入文件夹会写入同一个输出文件夹：%1 和 %2；请分别处理</translation>
    </message>
    <message>
        <source>the output folder is inside the input folder %1; choose a folder outside it (without %2, each input folder gets its own %3 folder)</source>
        <translation>输出文件夹位于输入文件夹 %1 之内；请选择其外部的文件夹（不使用 %2 时，每个输入文件夹都有自己的 %3 文件夹）</translation>
    </message>
    <message>
        <source>the output folder contains the input folder %1; choose another output folder</source>
        <translation>输出文件夹包含输入文件夹 %1；请选择其他输出文件夹</translation>
    </message>
    <message>
        <source>the output folder contains the input file %1; choose another output folder</source>
        <translation>输出文件夹包含输入文件 %1；请选择其他输出文件夹</translation>
    </message>
    <message>
        <source>cannot open the folder: %1</source>
        <translation>无法打开文件夹：%1</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>尚未开始即已取消</translation>
    </message>
    <message>
        <source>the target file size applies to lossy outputs (%1) only: %2 output is lossless (%3) and written as usual</source>
        <translation>目标文件大小只适用于有损格式（%1）：%2 个输出为无损格式（%3），按常规写入</translation>
    </message>
    <message>
        <source>the target file size applies to lossy outputs (%1) only: %2 outputs are lossless (%3) and written as usual</source>
        <translation>目标文件大小只适用于有损格式（%1）：%2 个输出为无损格式（%3），按常规写入</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU：%1</translation>
    </message>
    <message>
        <source>GPU: image sizes differ from the plan</source>
        <translation>GPU：图像尺寸与计划不符</translation>
    </message>
    <message>
        <source>%1 CPU thread</source>
        <translation>%1 个 CPU 线程</translation>
    </message>
    <message>
        <source>%1 CPU threads</source>
        <translation>%1 个 CPU 线程</translation>
    </message>
    <message>
        <source>%1 (GPU) + %2</source>
        <translation>%1（GPU）+ %2</translation>
    </message>
    <message>
        <source>no CUDA device: %1 — %2</source>
        <translation>没有 CUDA 设备：%1 — %2</translation>
    </message>
    <message>
        <source>this build has no CUDA kernels</source>
        <translation>此版本未包含 CUDA 内核</translation>
    </message>
    <message>
        <source>no CUDA device found</source>
        <translation>未找到 CUDA 设备</translation>
    </message>
    <message>
        <source>the NVIDIA driver is missing or too old for CUDA 13 (%1)</source>
        <translation>缺少 NVIDIA 驱动，或驱动版本过旧，不支持 CUDA 13（%1）</translation>
    </message>
    <message>
        <source>CUDA could not start: %1</source>
        <translation>CUDA 无法启动：%1</translation>
    </message>
    <message>
        <source>cannot read the GPU&apos;s properties: %1</source>
        <translation>无法读取 GPU 的属性：%1</translation>
    </message>
    <message>
        <source>%1 is too old for this build (compute capability %2, needs %3)</source>
        <translation>%1 太旧，此版本无法使用（计算能力 %2，需要 %3）</translation>
    </message>
    <message>
        <source>the image needs more than the GPU memory budget</source>
        <translation>该图像所需内存超出了 GPU 内存预算</translation>
    </message>
    <message>
        <source>the GPU was not opened</source>
        <translation>GPU 未打开</translation>
    </message>
    <message>
        <source>GPU stopped (%1); the remaining images run on the CPU</source>
        <translation>GPU 已停止工作（%1）；其余图像改由 CPU 处理</translation>
    </message>
    <message>
        <source>GPU not used: %1; every image runs on the CPU</source>
        <translation>未使用 GPU：%1；所有图像都由 CPU 处理</translation>
    </message>
    <message>
        <source>needs about %1 MiB, over the memory limit of %2 MiB</source>
        <translation>需要约 %1 MiB 内存，超出 %2 MiB 的内存上限</translation>
    </message>
    <message>
        <source>no image is open</source>
        <translation>没有打开的图像</translation>
    </message>
    <message>
        <source>file ends inside its header</source>
        <translation>文件在头部信息中途结束</translation>
    </message>
    <message>
        <source>no encoder for this format</source>
        <translation>没有此格式的编码器</translation>
    </message>
    <message>
        <source>not written</source>
        <translation>未写入</translation>
    </message>
    <message>
        <source>the file changed while it was being read</source>
        <translation>文件在读取过程中被修改</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>the job has no output</source>
        <translation>该任务没有输出</translation>
    </message>
    <message>
        <source>the image changed after the batch was planned: this size is now %1, not the %2 its name says</source>
        <translation>规划批次后图像发生了变化：此尺寸现在是 %1，而不是文件名所写的 %2</translation>
    </message>
    <message>
        <source>needs about %1 MiB for its %2 sizes, over the memory limit of %3 MiB</source>
        <translation>生成 %2 个尺寸需要约 %1 MiB 内存，超出 %3 MiB 的内存上限</translation>
    </message>
    <message>
        <source>the output would be %1, larger than the input&apos;s %2</source>
        <translation>输出将为 %1，比输入的 %2 更大</translation>
    </message>
    <message>
        <source>even quality %1 gives %2, over the %3 asked for</source>
        <translation>即使质量设为 %1，文件也有 %2，超出要求的 %3</translation>
    </message>
    <message>
        <source>%1; written all the same, as a copy of the input would keep the metadata that is to be stripped</source>
        <translation>%1；仍然写入，因为直接复制输入会保留本应去除的元数据</translation>
    </message>
    <message>
        <source>the input copied unchanged: %1</source>
        <translation>已原样复制输入：%1</translation>
    </message>
    <message>
        <source>the input&apos;s bytes are gone</source>
        <translation>输入文件的数据已不在内存中</translation>
    </message>
    <message>
        <source>the input&apos;s date could not be kept: %1</source>
        <translation>无法保留输入文件的日期：%1</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <source>the name pattern is empty; %1 is the input&apos;s own name</source>
        <translation>文件名模式为空；%1 表示输入文件自身的名称</translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; is an absolute path; it names a file inside the output folder (use %2 to choose the folder)</source>
        <translation>文件名模式“%1”是绝对路径；它指定的是输出文件夹内的文件（请用 %2 选择文件夹）</translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has an empty folder name (&quot;//&quot; or a &quot;/&quot; at its end)</source>
        <translation>文件名模式“%1”中有空的文件夹名（“//”或末尾的“/”）</translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has a &quot;%2&quot; folder; outputs stay inside the output folder (use %3 to choose another)</source>
        <translation>文件名模式“%1”中含有“%2”文件夹；输出必须留在输出文件夹内（请用 %3 选择其他文件夹）</translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has a &quot;}&quot; without its &quot;{&quot; (at character %2)</source>
        <translation>文件名模式“%1”中的“}”没有对应的“{”（第 %2 个字符）</translation>
    </message>
    <message>
        <source>the name pattern &quot;%1&quot; has a &quot;{&quot; without its &quot;}&quot; (at character %2)</source>
        <translation>文件名模式“%1”中的“{”没有对应的“}”（第 %2 个字符）</translation>
    </message>
    <message>
        <source>unknown field %1 in the name pattern &quot;%2&quot;; the fields are %3</source>
        <translation>文件名模式“%2”中有未知字段 %1；可用字段为 %3</translation>
    </message>
    <message>
        <source>%1, %2, %3, %4, %5 and %6</source>
        <translation>%1、%2、%3、%4、%5 和 %6</translation>
    </message>
    <message>
        <source>the folder was moved while it was being walked</source>
        <translation>遍历过程中文件夹被移动了</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>file is larger than the memory limit</source>
        <translation>文件大小超出内存上限</translation>
    </message>
    <message>
        <source>out of memory reading the file</source>
        <translation>读取文件时内存不足</translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>file shrank while being read</source>
        <translation>文件在读取过程中变小了</translation>
    </message>
    <message>
        <source>output folder is not an absolute path</source>
        <translation>输出文件夹不是绝对路径</translation>
    </message>
    <message>
        <source>cannot open the output folder</source>
        <translation>无法打开输出文件夹</translation>
    </message>
    <message>
        <source>output folder path has &apos;..&apos;</source>
        <translation>输出文件夹路径中含有“..”</translation>
    </message>
    <message>
        <source>cannot create the output folder</source>
        <translation>无法创建输出文件夹</translation>
    </message>
    <message>
        <source>cannot create a temporary file</source>
        <translation>无法创建临时文件</translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation>无法写入</translation>
    </message>
    <message>
        <source>the date is out of this system&apos;s range</source>
        <translation>该日期超出了本系统支持的范围</translation>
    </message>
    <message>
        <source>cannot flush to disk</source>
        <translation>无法写入磁盘</translation>
    </message>
    <message>
        <source>cannot close</source>
        <translation>无法关闭</translation>
    </message>
    <message>
        <source>cannot move the output into place</source>
        <translation>无法将输出移动到目标位置</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>没有这个文件夹</translation>
    </message>
    <message>
        <source>not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>a link</source>
        <translation>是一个链接</translation>
    </message>
    <message>
        <source>Windows holds no date before 1601 or after 30827</source>
        <translation>Windows 无法保存 1601 年之前或 30827 年之后的日期</translation>
    </message>
    <message>
        <source>kept at %1: it has that size already</source>
        <translation>保持原尺寸 %1：已经是该尺寸</translation>
    </message>
    <message>
        <source>kept at %1: it has the shape of %2 already, and filling that would enlarge it (enlarging is off)</source>
        <translation>保持原尺寸 %1：其比例已与 %2 相同，填满该尺寸需要放大（放大已关闭）</translation>
    </message>
    <message>
        <source>kept at %1: its short edge is %2 pixels or less already, and enlarging is off</source>
        <translation>保持原尺寸 %1：短边已不超过 %2 像素，且放大已关闭</translation>
    </message>
    <message>
        <source>kept at %1: %2 would enlarge it, and enlarging is off</source>
        <translation>保持原尺寸 %1：%2 需要放大，且放大已关闭</translation>
    </message>
    <message>
        <source>kept at %1: it fits in %2 already, and enlarging is off</source>
        <translation>保持原尺寸 %1：已能放入 %2，且放大已关闭</translation>
    </message>
    <message>
        <source>kept at %1: its long edge is %2 pixels or less already, and enlarging is off</source>
        <translation>保持原尺寸 %1：长边已不超过 %2 像素，且放大已关闭</translation>
    </message>
    <message>
        <source>kept at %1: that percentage leaves its size as it is</source>
        <translation>保持原尺寸 %1：该百分比不会改变尺寸</translation>
    </message>
    <message>
        <source>cropped to %1 without scaling: filling %2 would enlarge it, and enlarging is off</source>
        <translation>已裁剪为 %1，未缩放：填满 %2 需要放大，且放大已关闭</translation>
    </message>
    <message>
        <source>the percentage must be a number, at least %1</source>
        <translation>百分比必须是不小于 %1 的数字</translation>
    </message>
    <message>
        <source>the percentage must be at most %1</source>
        <translation>百分比不能大于 %1</translation>
    </message>
    <message>
        <source>a percentage above %1 enlarges: allow enlarging to use it</source>
        <translation>大于 %1 的百分比会放大图像：需允许放大才能使用</translation>
    </message>
    <message>
        <source>width and height must be between %1 and %2</source>
        <translation>宽度和高度必须在 %1 到 %2 之间</translation>
    </message>
    <message>
        <source>the long edge must be between %1 and %2</source>
        <translation>长边必须在 %1 到 %2 之间</translation>
    </message>
    <message>
        <source>the short edge must be between %1 and %2</source>
        <translation>短边必须在 %1 到 %2 之间</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a size: %2</source>
        <translation>“%1”不是有效的尺寸：%2</translation>
    </message>
    <message>
        <source>a percentage is a number from %1 to %2, such as %3 or %4</source>
        <translation>百分比是 %1 到 %2 之间的数字，例如 %3 或 %4</translation>
    </message>
    <message>
        <source>write %1, %2, %3 (or just %4), %5, %6 or %7</source>
        <translation>请写成 %1、%2、%3（或直接写 %4）、%5、%6 或 %7</translation>
    </message>
    <message>
        <source>the edge is a whole number of pixels from %1 to %2</source>
        <translation>边长是 %1 到 %2 之间的整数像素</translation>
    </message>
    <message>
        <source>a box is %1, each side a whole number from %2 to %3</source>
        <translation>尺寸框写作 %1，每条边是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>unknown form</source>
        <translation>无法识别的写法</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>Operation not permitted</source>
        <translation>不允许的操作</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>没有那个文件或目录</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>设备上没有剩余空间</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>只读文件系统</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>Too many links</source>
        <translation>链接过多</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>是一个目录</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>不是目录</translation>
    </message>
    <message>
        <source>File exists</source>
        <translation>文件已存在</translation>
    </message>
    <message>
        <source>Directory not empty</source>
        <translation>目录非空</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>Device or resource busy</source>
        <translation>设备或资源忙</translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation>打开的文件过多</translation>
    </message>
    <message>
        <source>Cannot allocate memory</source>
        <translation>无法分配内存</translation>
    </message>
    <message>
        <source>File too large</source>
        <translation>文件过大</translation>
    </message>
    <message>
        <source>Invalid cross-device link</source>
        <translation>无效的跨设备链接</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>符号链接的层数过多</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>超出磁盘配额</translation>
    </message>
    <message>
        <source>Stale file handle</source>
        <translation>文件句柄已失效</translation>
    </message>
    <message>
        <source>Text file busy</source>
        <translation>文本文件忙</translation>
    </message>
    <message>
        <source>the list of sizes &quot;%1&quot; has an empty item; give sizes such as %2</source>
        <translation>尺寸列表“%1”中有空项；请写成 %2 这样的尺寸</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: %2</source>
        <translation>“%1”：%2</translation>
    </message>
    <message>
        <source>the size %1 is given twice (&quot;%2&quot;)</source>
        <translation>尺寸 %1 重复给出（“%2”）</translation>
    </message>
    <message>
        <source>at most %1 sizes can be given</source>
        <translation>最多只能给出 %1 个尺寸</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Input file does not exist</source>
        <translation>输入文件不存在</translation>
    </message>
    <message>
        <source>Invalid input</source>
        <translation>输入无效</translation>
    </message>
    <message>
        <source>Unsupported file-type</source>
        <translation>不支持的文件类型</translation>
    </message>
    <message>
        <source>Unsupported feature</source>
        <translation>不支持的功能</translation>
    </message>
    <message>
        <source>Usage error</source>
        <translation>调用错误</translation>
    </message>
    <message>
        <source>Memory allocation error</source>
        <translation>内存分配失败</translation>
    </message>
    <message>
        <source>Decoder plugin generated an error</source>
        <translation>解码插件出错</translation>
    </message>
    <message>
        <source>Encoder plugin generated an error</source>
        <translation>编码插件出错</translation>
    </message>
    <message>
        <source>Error during encoding or writing output file</source>
        <translation>编码或写入输出文件时出错</translation>
    </message>
    <message>
        <source>Color profile does not exist</source>
        <translation>色彩配置文件不存在</translation>
    </message>
    <message>
        <source>Error while loading plugin</source>
        <translation>加载插件时出错</translation>
    </message>
    <message>
        <source>Unspecified</source>
        <translation>未说明原因</translation>
    </message>
    <message>
        <source>Unexpected end of file</source>
        <translation>文件意外结束</translation>
    </message>
    <message>
        <source>Invalid box size</source>
        <translation>盒大小无效</translation>
    </message>
    <message>
        <source>No &apos;ftyp&apos; box</source>
        <translation>缺少 &apos;ftyp&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;idat&apos; box</source>
        <translation>缺少 &apos;idat&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;meta&apos; box</source>
        <translation>缺少 &apos;meta&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;hdlr&apos; box</source>
        <translation>缺少 &apos;hdlr&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;hvcC&apos; box</source>
        <translation>缺少 &apos;hvcC&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;pitm&apos; box</source>
        <translation>缺少 &apos;pitm&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;ipco&apos; box</source>
        <translation>缺少 &apos;ipco&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;ipma&apos; box</source>
        <translation>缺少 &apos;ipma&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;iloc&apos; box</source>
        <translation>缺少 &apos;iloc&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;iinf&apos; box</source>
        <translation>缺少 &apos;iinf&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;iprp&apos; box</source>
        <translation>缺少 &apos;iprp&apos; 盒</translation>
    </message>
    <message>
        <source>No &apos;iref&apos; box</source>
        <translation>缺少 &apos;iref&apos; 盒</translation>
    </message>
    <message>
        <source>Not a &apos;pict&apos; handler</source>
        <translation>处理器不是 &apos;pict&apos;</translation>
    </message>
    <message>
        <source>&apos;ipma&apos; box references a non-existing property</source>
        <translation>&apos;ipma&apos; 盒引用了不存在的属性</translation>
    </message>
    <message>
        <source>No properties assigned to item</source>
        <translation>条目没有任何属性</translation>
    </message>
    <message>
        <source>Item has no data</source>
        <translation>条目没有数据</translation>
    </message>
    <message>
        <source>Invalid grid data</source>
        <translation>网格数据无效</translation>
    </message>
    <message>
        <source>Missing grid images</source>
        <translation>缺少网格图像</translation>
    </message>
    <message>
        <source>Invalid clean-aperture specification</source>
        <translation>净光圈（裁剪区域）设置无效</translation>
    </message>
    <message>
        <source>Invalid overlay data</source>
        <translation>叠加数据无效</translation>
    </message>
    <message>
        <source>Overlay image outside of canvas area</source>
        <translation>叠加图像超出画布范围</translation>
    </message>
    <message>
        <source>Type of auxiliary image unspecified</source>
        <translation>未指明辅助图像的类型</translation>
    </message>
    <message>
        <source>No or invalid primary item</source>
        <translation>主图像缺失或无效</translation>
    </message>
    <message>
        <source>No &apos;infe&apos; box</source>
        <translation>缺少 &apos;infe&apos; 盒</translation>
    </message>
    <message>
        <source>Unknown color profile type</source>
        <translation>未知的色彩配置文件类型</translation>
    </message>
    <message>
        <source>Wrong tile image chroma format</source>
        <translation>图块的色度格式不对</translation>
    </message>
    <message>
        <source>Invalid fractional number</source>
        <translation>分数值无效</translation>
    </message>
    <message>
        <source>Invalid image size</source>
        <translation>图像尺寸无效</translation>
    </message>
    <message>
        <source>Invalid pixi box</source>
        <translation>pixi 盒无效</translation>
    </message>
    <message>
        <source>No &apos;av1C&apos; box</source>
        <translation>缺少 &apos;av1C&apos; 盒</translation>
    </message>
    <message>
        <source>Wrong tile image pixel depth</source>
        <translation>图块的像素位深不对</translation>
    </message>
    <message>
        <source>Unknown NCLX color primaries</source>
        <translation>未知的 NCLX 色彩原色</translation>
    </message>
    <message>
        <source>Unknown NCLX transfer characteristics</source>
        <translation>未知的 NCLX 传递特性</translation>
    </message>
    <message>
        <source>Unknown NCLX matrix coefficients</source>
        <translation>未知的 NCLX 矩阵系数</translation>
    </message>
    <message>
        <source>Security limit exceeded</source>
        <translation>超出安全限制</translation>
    </message>
    <message>
        <source>Non-existing item ID referenced</source>
        <translation>引用了不存在的条目 ID</translation>
    </message>
    <message>
        <source>NULL argument received</source>
        <translation>收到空参数</translation>
    </message>
    <message>
        <source>Non-existing image channel referenced</source>
        <translation>引用了不存在的图像通道</translation>
    </message>
    <message>
        <source>The version of the passed plugin is not supported</source>
        <translation>不支持所给插件的版本</translation>
    </message>
    <message>
        <source>The version of the passed writer is not supported</source>
        <translation>不支持所给写入器的版本</translation>
    </message>
    <message>
        <source>Unsupported parameter</source>
        <translation>不支持的参数</translation>
    </message>
    <message>
        <source>Invalid parameter value</source>
        <translation>参数值无效</translation>
    </message>
    <message>
        <source>Unsupported codec</source>
        <translation>不支持的编解码器</translation>
    </message>
    <message>
        <source>Unsupported image type</source>
        <translation>不支持的图像类型</translation>
    </message>
    <message>
        <source>Unsupported data version</source>
        <translation>不支持的数据版本</translation>
    </message>
    <message>
        <source>Unsupported color conversion</source>
        <translation>不支持的色彩转换</translation>
    </message>
    <message>
        <source>Unsupported item construction method</source>
        <translation>不支持的条目构建方式</translation>
    </message>
    <message>
        <source>Unsupported header compression method</source>
        <translation>不支持的头部压缩方式</translation>
    </message>
    <message>
        <source>Unsupported bit depth</source>
        <translation>不支持的位深</translation>
    </message>
    <message>
        <source>Cannot write output data</source>
        <translation>无法写出输出数据</translation>
    </message>
    <message>
        <source>Plugin file cannot be loaded</source>
        <translation>无法加载插件文件</translation>
    </message>
    <message>
        <source>Trying to remove a plugin that is not loaded</source>
        <translation>试图移除一个未加载的插件</translation>
    </message>
    <message>
        <source>Error while scanning the directory for plugins</source>
        <translation>扫描插件目录时出错</translation>
    </message>
    <message>
        <source>&apos;pitm&apos; box references a non-existing image</source>
        <translation>&apos;pitm&apos; 盒引用了不存在的图像</translation>
    </message>
    <message>
        <source>Security limit for maximum nesting of boxes has been exceeded</source>
        <translation>盒嵌套层数超出安全限制</translation>
    </message>
    <message>
        <source>iloc data pointers out of allowed range</source>
        <translation>iloc 的数据指针超出允许范围</translation>
    </message>
    <message>
        <source>idat box referenced in iref box is not present in file</source>
        <translation>iref 盒引用的 idat 盒不在文件中</translation>
    </message>
    <message>
        <source>ftyp box too small (less than 8 bytes)</source>
        <translation>ftyp 盒太小（不足 8 字节）</translation>
    </message>
    <message>
        <source>Exceeded supported value range.</source>
        <translation>超出了支持的数值范围。</translation>
    </message>
    <message>
        <source>Cannot allocate image memory.</source>
        <translation>无法为图像分配内存。</translation>
    </message>
    <message>
        <source>insufficient input data</source>
        <translation>输入数据不足</translation>
    </message>
    <message>
        <source>error reading ftyp box</source>
        <translation>读取 ftyp 盒时出错</translation>
    </message>
    <message>
        <source>input is no ftyp box</source>
        <translation>输入开头不是 ftyp 盒</translation>
    </message>
    <message>
        <source>Derived image does not reference any other image items</source>
        <translation>派生图像没有引用任何其他图像条目</translation>
    </message>
    <message>
        <source>Overlay image with zero width or height.</source>
        <translation>叠加图像的宽度或高度为零。</translation>
    </message>
    <message>
        <source>Thumbnail references a non-existing image</source>
        <translation>缩略图引用了不存在的图像</translation>
    </message>
    <message>
        <source>Thumbnail references another thumbnail</source>
        <translation>缩略图引用了另一张缩略图</translation>
    </message>
    <message>
        <source>Recursive thumbnail image detected</source>
        <translation>发现缩略图循环引用</translation>
    </message>
    <message>
        <source>Too many auxiliary image references</source>
        <translation>辅助图像引用过多</translation>
    </message>
    <message>
        <source>Recursive alpha image detected</source>
        <translation>发现透明通道图像循环引用</translation>
    </message>
    <message>
        <source>Recursive depth image detected</source>
        <translation>发现深度图像循环引用</translation>
    </message>
    <message>
        <source>No hvcC property in hvc1 type image</source>
        <translation>hvc1 类型的图像缺少 hvcC 属性</translation>
    </message>
    <message>
        <source>Metadata not correctly assigned to image</source>
        <translation>元数据没有正确关联到图像</translation>
    </message>
    <message>
        <source>Metadata assigned to non-existing image</source>
        <translation>元数据关联到了不存在的图像</translation>
    </message>
    <message>
        <source>No iref box available, but needed for grid image</source>
        <translation>网格图像需要 iref 盒，但文件中没有</translation>
    </message>
    <message>
        <source>No pixi information for luma channel.</source>
        <translation>亮度通道缺少 pixi 信息。</translation>
    </message>
    <message>
        <source>Different number of bits per pixel in each channel.</source>
        <translation>各通道的每像素位数不一致。</translation>
    </message>
    <message>
        <source>Nonexistent grid image referenced</source>
        <translation>引用了不存在的网格图像</translation>
    </message>
    <message>
        <source>Invalid bits per pixel in pixi box.</source>
        <translation>pixi 盒中的每像素位数无效。</translation>
    </message>
    <message>
        <source>Image tile has different chroma format than combined image</source>
        <translation>图块的色度格式与整幅图像不同</translation>
    </message>
    <message>
        <source>No iref box available, but needed for iden image</source>
        <translation>iden 图像需要 iref 盒，但文件中没有</translation>
    </message>
    <message>
        <source>&apos;iden&apos; image with more than one reference image</source>
        <translation>&apos;iden&apos; 图像引用了不止一张图像</translation>
    </message>
    <message>
        <source>No iref box available, but needed for iovl image</source>
        <translation>iovl 图像需要 iref 盒，但文件中没有</translation>
    </message>
    <message>
        <source>Number of image offsets does not match the number of image references</source>
        <translation>图像偏移的数量与图像引用的数量不符</translation>
    </message>
    <message>
        <source>Less than 8 bytes of data</source>
        <translation>数据不足 8 字节</translation>
    </message>
    <message>
        <source>Grid image data incomplete</source>
        <translation>网格图像数据不完整</translation>
    </message>
    <message>
        <source>Overlay image data incomplete</source>
        <translation>叠加图像数据不完整</translation>
    </message>
    <message>
        <source>Too many thumbnail references</source>
        <translation>缩略图引用过多</translation>
    </message>
    <message>
        <source>Recursive aux image detected</source>
        <translation>发现辅助图像循环引用</translation>
    </message>
    <message>
        <source>File does not include any supported brands.</source>
        <translation>文件不含任何支持的品牌标识。</translation>
    </message>
    <message>
        <source>Cannot allocate memory for image plane</source>
        <translation>无法为图像平面分配内存</translation>
    </message>
    <message>
        <source>Failed to encode frame</source>
        <translation>帧编码失败</translation>
    </message>
    <message>
        <source>Failed to allocate image</source>
        <translation>无法分配图像</translation>
    </message>
    <message>
        <source>Failed to initialize encoder</source>
        <translation>编码器初始化失败</translation>
    </message>
    <message>
        <source>Unknown Adobe color transform code %1</source>
        <translation>未知的 Adobe 色彩变换代码 %1</translation>
    </message>
    <message>
        <source>Corrupt JPEG data: bad arithmetic code</source>
        <translation>JPEG 数据损坏：算术编码有误</translation>
    </message>
    <message>
        <source>Inconsistent progression sequence for component %1 coefficient %2</source>
        <translation>分量 %1 的系数 %2 渐进顺序前后不一致</translation>
    </message>
    <message>
        <source>Corrupt JPEG data: %1 extraneous bytes before marker 0x%2</source>
        <translation>JPEG 数据损坏：标记 0x%2 前有 %1 个多余字节</translation>
    </message>
    <message>
        <source>Corrupt JPEG data: premature end of data segment</source>
        <translation>JPEG 数据损坏：数据段提前结束</translation>
    </message>
    <message>
        <source>Corrupt JPEG data: bad Huffman code</source>
        <translation>JPEG 数据损坏：霍夫曼编码有误</translation>
    </message>
    <message>
        <source>Warning: unknown JFIF revision number %1.%2</source>
        <translation>警告：未知的 JFIF 版本号 %1.%2</translation>
    </message>
    <message>
        <source>Premature end of JPEG file</source>
        <translation>JPEG 文件提前结束</translation>
    </message>
    <message>
        <source>Corrupt JPEG data: found marker 0x%1 instead of RST%2</source>
        <translation>JPEG 数据损坏：应为 RST%2，却遇到标记 0x%1</translation>
    </message>
    <message>
        <source>Invalid SOS parameters for sequential JPEG</source>
        <translation>顺序式 JPEG 的 SOS 参数无效</translation>
    </message>
    <message>
        <source>Application transferred too many scanlines</source>
        <translation>程序传入的扫描行过多</translation>
    </message>
    <message>
        <source>Corrupt JPEG data: bad ICC marker</source>
        <translation>JPEG 数据损坏：ICC 标记有误</translation>
    </message>
    <message>
        <source>Invalid component ID %1 in SOS</source>
        <translation>SOS 中的分量 ID %1 无效</translation>
    </message>
    <message>
        <source>DCT coefficient out of range</source>
        <translation>DCT 系数超出范围</translation>
    </message>
    <message>
        <source>Bogus Huffman table definition</source>
        <translation>霍夫曼表定义有误</translation>
    </message>
    <message>
        <source>Bogus input colorspace</source>
        <translation>输入色彩空间有误</translation>
    </message>
    <message>
        <source>Bogus JPEG colorspace</source>
        <translation>JPEG 色彩空间有误</translation>
    </message>
    <message>
        <source>Bogus marker length</source>
        <translation>标记长度有误</translation>
    </message>
    <message>
        <source>Sampling factors too large for interleaved scan</source>
        <translation>采样因子过大，无法交错扫描</translation>
    </message>
    <message>
        <source>Unsupported JPEG data precision %1</source>
        <translation>不支持的 JPEG 数据精度 %1</translation>
    </message>
    <message>
        <source>Invalid progressive parameters Ss=%1 Se=%2 Ah=%3 Al=%4</source>
        <translation>渐进参数无效：Ss=%1 Se=%2 Ah=%3 Al=%4</translation>
    </message>
    <message>
        <source>Bogus sampling factors</source>
        <translation>采样因子有误</translation>
    </message>
    <message>
        <source>CCIR601 sampling not implemented yet</source>
        <translation>尚未实现 CCIR601 采样</translation>
    </message>
    <message>
        <source>Too many color components: %1, max %2</source>
        <translation>颜色分量过多：%1 个，最多 %2 个</translation>
    </message>
    <message>
        <source>Unsupported color conversion request</source>
        <translation>不支持所要求的色彩转换</translation>
    </message>
    <message>
        <source>Bogus DAC index %1</source>
        <translation>DAC 索引 %1 有误</translation>
    </message>
    <message>
        <source>Bogus DAC value 0x%1</source>
        <translation>DAC 值 0x%1 有误</translation>
    </message>
    <message>
        <source>Bogus DHT index %1</source>
        <translation>DHT 索引 %1 有误</translation>
    </message>
    <message>
        <source>Bogus DQT index %1</source>
        <translation>DQT 索引 %1 有误</translation>
    </message>
    <message>
        <source>Empty JPEG image (DNL not supported)</source>
        <translation>JPEG 图像为空（不支持 DNL）</translation>
    </message>
    <message>
        <source>Didn&apos;t expect more than one scan</source>
        <translation>不应有多于一次扫描</translation>
    </message>
    <message>
        <source>Fractional sampling not implemented yet</source>
        <translation>尚未实现分数采样</translation>
    </message>
    <message>
        <source>Huffman code size table overflow</source>
        <translation>霍夫曼码长表溢出</translation>
    </message>
    <message>
        <source>Missing Huffman code table entry</source>
        <translation>缺少霍夫曼码表项</translation>
    </message>
    <message>
        <source>Maximum supported image dimension is %1 pixels</source>
        <translation>支持的最大图像边长为 %1 像素</translation>
    </message>
    <message>
        <source>Empty input file</source>
        <translation>输入文件为空</translation>
    </message>
    <message>
        <source>Premature end of input file</source>
        <translation>输入文件提前结束</translation>
    </message>
    <message>
        <source>Requested features are incompatible</source>
        <translation>所要求的功能互不兼容</translation>
    </message>
    <message>
        <source>Requested feature was omitted at compile time</source>
        <translation>所要求的功能在编译时未包含</translation>
    </message>
    <message>
        <source>Arithmetic table 0x%1 was not defined</source>
        <translation>算术编码表 0x%1 未定义</translation>
    </message>
    <message>
        <source>Huffman table 0x%1 was not defined</source>
        <translation>霍夫曼表 0x%1 未定义</translation>
    </message>
    <message>
        <source>JPEG datastream contains no image</source>
        <translation>JPEG 数据流中没有图像</translation>
    </message>
    <message>
        <source>Quantization table 0x%1 was not defined</source>
        <translation>量化表 0x%1 未定义</translation>
    </message>
    <message>
        <source>Not a JPEG file: starts with 0x%1 0x%2</source>
        <translation>不是 JPEG 文件：开头为 0x%1 0x%2</translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: two SOF markers</source>
        <translation>JPEG 文件结构无效：有两个 SOF 标记</translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: missing SOS marker</source>
        <translation>JPEG 文件结构无效：缺少 SOS 标记</translation>
    </message>
    <message>
        <source>Unsupported JPEG process: SOF type 0x%1</source>
        <translation>不支持的 JPEG 编码方式：SOF 类型 0x%1</translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: two SOI markers</source>
        <translation>JPEG 文件结构无效：有两个 SOI 标记</translation>
    </message>
    <message>
        <source>Invalid JPEG file structure: SOS before SOF</source>
        <translation>JPEG 文件结构无效：SOS 出现在 SOF 之前</translation>
    </message>
    <message>
        <source>Unsupported marker type 0x%1</source>
        <translation>不支持的标记类型 0x%1</translation>
    </message>
    <message>
        <source>Image too wide for this implementation</source>
        <translation>图像太宽，无法处理</translation>
    </message>
    <message>
        <source>Insufficient memory (case %1)</source>
        <translation>内存不足（情形 %1）</translation>
    </message>
    <message>
        <source>Backing store not supported</source>
        <translation>不支持后备存储</translation>
    </message>
    <message>
        <source>Application transferred too few scanlines</source>
        <translation>程序传入的扫描行过少</translation>
    </message>
    <message>
        <source>Not a PNG file</source>
        <translation>不是 PNG 文件</translation>
    </message>
    <message>
        <source>PNG file corrupted by ASCII conversion</source>
        <translation>PNG 文件因 ASCII 转换而损坏</translation>
    </message>
    <message>
        <source>Read Error</source>
        <translation>读取出错</translation>
    </message>
    <message>
        <source>Invalid IHDR data</source>
        <translation>IHDR 数据无效</translation>
    </message>
    <message>
        <source>Invalid IHDR length</source>
        <translation>IHDR 长度无效</translation>
    </message>
    <message>
        <source>Missing IHDR before IDAT</source>
        <translation>IDAT 之前缺少 IHDR</translation>
    </message>
    <message>
        <source>Missing PLTE before IDAT</source>
        <translation>IDAT 之前缺少 PLTE</translation>
    </message>
    <message>
        <source>PNG unsigned integer out of range</source>
        <translation>PNG 无符号整数超出范围</translation>
    </message>
    <message>
        <source>bad adaptive filter value</source>
        <translation>自适应滤波类型值有误</translation>
    </message>
    <message>
        <source>Image width is zero in IHDR</source>
        <translation>IHDR 中的图像宽度为零</translation>
    </message>
    <message>
        <source>Image height is zero in IHDR</source>
        <translation>IHDR 中的图像高度为零</translation>
    </message>
    <message>
        <source>Invalid image width in IHDR</source>
        <translation>IHDR 中的图像宽度无效</translation>
    </message>
    <message>
        <source>Invalid image height in IHDR</source>
        <translation>IHDR 中的图像高度无效</translation>
    </message>
    <message>
        <source>Image width exceeds user limit in IHDR</source>
        <translation>IHDR 中的图像宽度超出限制</translation>
    </message>
    <message>
        <source>Image height exceeds user limit in IHDR</source>
        <translation>IHDR 中的图像高度超出限制</translation>
    </message>
    <message>
        <source>Invalid bit depth in IHDR</source>
        <translation>IHDR 中的位深无效</translation>
    </message>
    <message>
        <source>Invalid color type in IHDR</source>
        <translation>IHDR 中的颜色类型无效</translation>
    </message>
    <message>
        <source>Invalid color type/bit depth combination in IHDR</source>
        <translation>IHDR 中的颜色类型与位深组合无效</translation>
    </message>
    <message>
        <source>Unknown interlace method in IHDR</source>
        <translation>IHDR 中的隔行方式未知</translation>
    </message>
    <message>
        <source>Unknown compression method in IHDR</source>
        <translation>IHDR 中的压缩方式未知</translation>
    </message>
    <message>
        <source>Unknown filter method in IHDR</source>
        <translation>IHDR 中的滤波方式未知</translation>
    </message>
    <message>
        <source>Invalid filter method in IHDR</source>
        <translation>IHDR 中的滤波方式无效</translation>
    </message>
    <message>
        <source>MNG features are not allowed in a PNG datastream</source>
        <translation>PNG 数据流中不允许使用 MNG 功能</translation>
    </message>
    <message>
        <source>Not enough image data</source>
        <translation>图像数据不足</translation>
    </message>
    <message>
        <source>Too much image data</source>
        <translation>图像数据过多</translation>
    </message>
    <message>
        <source>Extra compressed data</source>
        <translation>有多余的压缩数据</translation>
    </message>
    <message>
        <source>Not enough compressed data</source>
        <translation>压缩数据不足</translation>
    </message>
    <message>
        <source>Truncated compressed data in IDAT</source>
        <translation>IDAT 中的压缩数据不完整</translation>
    </message>
    <message>
        <source>Extra compression data in IDAT</source>
        <translation>IDAT 中有多余的压缩数据</translation>
    </message>
    <message>
        <source>Extra compressed data in IDAT</source>
        <translation>IDAT 中有多余的压缩数据</translation>
    </message>
    <message>
        <source>Decompression error in IDAT</source>
        <translation>IDAT 解压出错</translation>
    </message>
    <message>
        <source>ADLER32 checksum mismatch</source>
        <translation>ADLER32 校验和不符</translation>
    </message>
    <message>
        <source>Row has too many bytes to allocate in memory</source>
        <translation>一行的字节数过多，无法分配内存</translation>
    </message>
    <message>
        <source>Read palette index exceeding num_palette</source>
        <translation>读到的调色板索引超出调色板大小</translation>
    </message>
    <message>
        <source>CRC error</source>
        <translation>CRC 校验错误</translation>
    </message>
    <message>
        <source>out of place</source>
        <translation>出现的位置不对</translation>
    </message>
    <message>
        <source>missing IHDR</source>
        <translation>缺少 IHDR</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>重复出现</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>invalid length</source>
        <translation>长度无效</translation>
    </message>
    <message>
        <source>invalid values</source>
        <translation>数值无效</translation>
    </message>
    <message>
        <source>invalid index</source>
        <translation>索引无效</translation>
    </message>
    <message>
        <source>invalid data</source>
        <translation>数据无效</translation>
    </message>
    <message>
        <source>invalid chunk type</source>
        <translation>数据块类型无效</translation>
    </message>
    <message>
        <source>unhandled critical chunk</source>
        <translation>无法处理的关键数据块</translation>
    </message>
    <message>
        <source>chunk data is too large</source>
        <translation>数据块太大</translation>
    </message>
    <message>
        <source>insufficient memory to read chunk</source>
        <translation>内存不足，无法读取数据块</translation>
    </message>
    <message>
        <source>unknown chunk exceeds memory limits</source>
        <translation>未知数据块超出内存限制</translation>
    </message>
    <message>
        <source>too many profiles</source>
        <translation>色彩配置文件过多</translation>
    </message>
    <message>
        <source>bad compression method</source>
        <translation>压缩方式有误</translation>
    </message>
    <message>
        <source>bad keyword</source>
        <translation>关键字有误</translation>
    </message>
    <message>
        <source>Invalid palette length</source>
        <translation>调色板长度无效</translation>
    </message>
    <message>
        <source>Invalid palette</source>
        <translation>调色板无效</translation>
    </message>
    <message>
        <source>Invalid number of colors in palette</source>
        <translation>调色板中的颜色数无效</translation>
    </message>
    <message>
        <source>tRNS chunk has out-of-range samples for bit_depth</source>
        <translation>tRNS 数据块中的样本值超出位深范围</translation>
    </message>
    <message>
        <source>known incorrect sRGB profile</source>
        <translation>已知有误的 sRGB 配置文件</translation>
    </message>
    <message>
        <source>out-of-date sRGB profile with no signature</source>
        <translation>过时且无签名的 sRGB 配置文件</translation>
    </message>
    <message>
        <source>Not recognizing known sRGB profile that has been edited</source>
        <translation>已知的 sRGB 配置文件被修改过，不予识别</translation>
    </message>
    <message>
        <source>gamma value does not match sRGB</source>
        <translation>伽马值与 sRGB 不符</translation>
    </message>
    <message>
        <source>cHRM chunk does not match sRGB</source>
        <translation>cHRM 数据块与 sRGB 不符</translation>
    </message>
    <message>
        <source>invalid chromaticities</source>
        <translation>色度坐标无效</translation>
    </message>
    <message>
        <source>gamma value out of range</source>
        <translation>伽马值超出范围</translation>
    </message>
    <message>
        <source>invalid sRGB rendering intent</source>
        <translation>sRGB 渲染意图无效</translation>
    </message>
    <message>
        <source>ignored in grayscale PNG</source>
        <translation>在灰度 PNG 中被忽略</translation>
    </message>
    <message>
        <source>invalid with alpha channel</source>
        <translation>在有透明通道时无效</translation>
    </message>
    <message>
        <source>invalid gray level</source>
        <translation>灰度值无效</translation>
    </message>
    <message>
        <source>invalid color</source>
        <translation>颜色无效</translation>
    </message>
    <message>
        <source>Ignoring invalid time value</source>
        <translation>忽略无效的时间值</translation>
    </message>
    <message>
        <source>length does not match profile</source>
        <translation>长度与配置文件不符</translation>
    </message>
    <message>
        <source>exceeds application limits</source>
        <translation>超出程序的限制</translation>
    </message>
    <message>
        <source>tag count too large</source>
        <translation>标签数过多</translation>
    </message>
    <message>
        <source>invalid rendering intent</source>
        <translation>渲染意图无效</translation>
    </message>
    <message>
        <source>invalid signature</source>
        <translation>签名无效</translation>
    </message>
    <message>
        <source>invalid ICC profile color space</source>
        <translation>ICC 配置文件的色彩空间无效</translation>
    </message>
    <message>
        <source>RGB color space not permitted on grayscale PNG</source>
        <translation>灰度 PNG 不能使用 RGB 色彩空间</translation>
    </message>
    <message>
        <source>Gray color space not permitted on RGB PNG</source>
        <translation>RGB PNG 不能使用灰度色彩空间</translation>
    </message>
    <message>
        <source>ICC profile tag outside profile</source>
        <translation>ICC 配置文件的标签超出文件范围</translation>
    </message>
    <message>
        <source>unexpected zlib return code</source>
        <translation>zlib 返回了意外的结果</translation>
    </message>
    <message>
        <source>unexpected end of LZ stream</source>
        <translation>LZ 数据流意外结束</translation>
    </message>
    <message>
        <source>missing LZ dictionary</source>
        <translation>缺少 LZ 字典</translation>
    </message>
    <message>
        <source>zlib IO error</source>
        <translation>zlib 读写错误</translation>
    </message>
    <message>
        <source>damaged LZ stream</source>
        <translation>LZ 数据流已损坏</translation>
    </message>
    <message>
        <source>insufficient memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>Out of Memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>incorrect header check</source>
        <translation>压缩数据头校验有误</translation>
    </message>
    <message>
        <source>unknown compression method</source>
        <translation>未知的压缩方式</translation>
    </message>
    <message>
        <source>invalid window size</source>
        <translation>窗口大小无效</translation>
    </message>
    <message>
        <source>incorrect data check</source>
        <translation>压缩数据校验有误</translation>
    </message>
    <message>
        <source>invalid block type</source>
        <translation>压缩块类型无效</translation>
    </message>
    <message>
        <source>invalid stored block lengths</source>
        <translation>未压缩块的长度无效</translation>
    </message>
    <message>
        <source>invalid code lengths set</source>
        <translation>码长集无效</translation>
    </message>
    <message>
        <source>invalid bit length repeat</source>
        <translation>位长重复无效</translation>
    </message>
    <message>
        <source>invalid literal/lengths set</source>
        <translation>字面值/长度码集无效</translation>
    </message>
    <message>
        <source>invalid distances set</source>
        <translation>距离码集无效</translation>
    </message>
    <message>
        <source>invalid literal/length code</source>
        <translation>字面值/长度码无效</translation>
    </message>
    <message>
        <source>invalid distance code</source>
        <translation>距离码无效</translation>
    </message>
    <message>
        <source>invalid distance too far back</source>
        <translation>回溯距离过远，数据无效</translation>
    </message>
    <message>
        <source>too many length or distance symbols</source>
        <translation>长度或距离符号过多</translation>
    </message>
    <message>
        <source>invalid code -- missing end-of-block</source>
        <translation>编码无效：缺少块结束符</translation>
    </message>
    <message>
        <source>unknown header flags set</source>
        <translation>压缩数据头含有未知标志</translation>
    </message>
    <message>
        <source>Write Error</source>
        <translation>写入出错</translation>
    </message>
    <message>
        <source>Invalid image color type specified</source>
        <translation>指定的图像颜色类型无效</translation>
    </message>
    <message>
        <source>memory image too large</source>
        <translation>内存中的图像太大</translation>
    </message>
    <message>
        <source>image row stride too large</source>
        <translation>图像行跨距太大</translation>
    </message>
    <message>
        <source>CMYK: %1</source>
        <translation>CMYK：%1</translation>
    </message>
    <message>
        <source>outside the root folder %1</source>
        <translation>在根文件夹 %1 之外</translation>
    </message>
    <message>
        <source>a folder: a list names files, one a line; make one with %1</source>
        <translation>这是一个文件夹：列表应逐行列出文件；可用 %1 生成列表</translation>
    </message>
    <message>
        <source>part %1 of %2 does not exist: a part is a number from 0 to the number of parts less one</source>
        <translation>不存在第 %1 部分（共 %2 部分）：部分编号从 0 到部分数减一</translation>
    </message>
    <message>
        <source>a batch split into parts cannot use %1: the names would depend on what other parts have already written, so the parts would not name outputs as one run does; use %2 or %3</source>
        <translation>拆分成多个部分的批处理不能使用 %1：文件名会取决于其他部分已写入的内容，各部分的输出命名将与单次运行不同；请使用 %2 或 %3</translation>
    </message>
    <message>
        <source>the root folder of the list cannot be used: %1</source>
        <translation>无法使用列表的根文件夹：%1</translation>
    </message>
    <message>
        <source>cannot create the output file</source>
        <translation>无法创建输出文件</translation>
    </message>
    <message>
        <source>cannot remove the old output</source>
        <translation>无法删除旧的输出文件</translation>
    </message>
    <message>
        <source>--shard %1: give the number of parts after the slash (%2)</source>
        <translation>--shard %1：请在斜杠后给出部分数（%2）</translation>
    </message>
    <message>
        <source>--shard %1: give INDEX/COUNT (%2), auto/COUNT or auto</source>
        <translation>--shard %1：请给出 序号/总数（%2）、auto/总数 或 auto</translation>
    </message>
    <message>
        <source>--shard %1: the number of parts must be a whole number from 1 to %2</source>
        <translation>--shard %1：部分数必须是 1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>--shard auto: %1 is %2, not a number of parts from 1 to %3</source>
        <translation>--shard auto：%1 为 %2，不是 1 到 %3 之间的部分数</translation>
    </message>
    <message>
        <source>--shard auto: %1 is not set; give the number of parts (%2)</source>
        <translation>--shard auto：未设置 %1；请给出部分数（%2）</translation>
    </message>
    <message>
        <source>--shard %1: no task index in the environment (%2, %3 or %4 is not set)</source>
        <translation>--shard %1：环境中没有任务序号（未设置 %2、%3 或 %4）</translation>
    </message>
    <message>
        <source>--shard %1: %2 is %3, not an index from 0 to %4</source>
        <translation>--shard %1：%2 为 %3，不是 0 到 %4 之间的序号</translation>
    </message>
    <message>
        <source>--shard %1: the index must be a whole number from 0 to %2</source>
        <translation>--shard %1：序号必须是 0 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>it has no ICC profile; the standard CMYK profile (ISO Coated v2) was used</source>
        <translation>它没有 ICC 配置文件，使用了标准 CMYK 配置文件（ISO Coated v2）</translation>
    </message>
    <message>
        <source>its first part is cut short</source>
        <translation>其第一部分被截断</translation>
    </message>
    <message>
        <source>its parts do not add up: it says %1, the file holds %2</source>
        <translation>其各部分对不上：标明 %1 个，文件中有 %2 个</translation>
    </message>
    <message>
        <source>its ICC profile was left out (%1)</source>
        <translation>其 ICC 配置文件未保留（%1）</translation>
    </message>
    <message>
        <source>another output of this batch has this name (from %1); use %2</source>
        <translation>本批次的另一个输出已使用此文件名（来自 %1）；请使用 %2</translation>
    </message>
    <message>
        <source>another output of this batch has this name (from %1); put %2 in the name, or use %3</source>
        <translation>本批次的另一个输出已使用此文件名（来自 %1）；请在文件名中加入 %2，或使用 %3</translation>
    </message>
    <message>
        <source>another output of this batch has this name (from %1); put %2 or %3 in the name, or use %4</source>
        <translation>本批次的另一个输出已使用此文件名（来自 %1）；请在文件名中加入 %2 或 %3，或使用 %4</translation>
    </message>
    <message>
        <source>--shard needs INDEX/COUNT (%1), auto/COUNT or auto</source>
        <translation>--shard 需要 INDEX/COUNT（%1）、auto/COUNT 或 auto</translation>
    </message>
    <message>
        <source>one of Dropsize&apos;s own files (a run&apos;s temporary, or the mark of an output folder), never read as input</source>
        <translation>Dropsize 自己的文件（运行中的临时文件，或输出文件夹的标记），从不作为输入读取</translation>
    </message>
    <message>
        <source>stopped by an unexpected error: %1</source>
        <translation>因意外错误而停止：%1</translation>
    </message>
    <message>
        <source>no output folder is given: choose one</source>
        <translation>未指定输出文件夹：请选择一个</translation>
    </message>
    <message>
        <source>the reducing gap must be between %1 and %2, or none</source>
        <translation>缩减间隔必须在 %1 到 %2 之间，或为 none</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a reducing gap: give a number from %2 to %3, or none</source>
        <translation>“%1”不是缩减间隔：请给出 %2 到 %3 之间的数字，或 none</translation>
    </message>
    <message>
        <source>height and width must be &gt; 0</source>
        <translation>高度和宽度必须大于 0</translation>
    </message>
    <message>
        <source>box offset can&apos;t be negative</source>
        <translation>区域的起点不能为负</translation>
    </message>
    <message>
        <source>box can&apos;t exceed original image size</source>
        <translation>区域不能超出原图大小</translation>
    </message>
    <message>
        <source>box can&apos;t be empty</source>
        <translation>区域不能为空</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::BatchNotifier</name>
    <message>
        <source>Starting… · %1</source>
        <translation>正在开始… · %1</translation>
    </message>
    <message>
        <source>%1 % · %2</source>
        <translation>%1% · %2</translation>
    </message>
    <message>
        <source>Paused at %1 % · %2</source>
        <translation>已暂停于 %1% · %2</translation>
    </message>
    <message>
        <source>Cancelling… · %1</source>
        <translation>正在取消… · %1</translation>
    </message>
    <message>
        <source>%1 done, %2 skipped, %3 failed</source>
        <translation>完成 %1 张，跳过 %2 张，失败 %3 张</translation>
    </message>
    <message>
        <source>%1 done, %2 failed</source>
        <translation>完成 %1 张，失败 %2 张</translation>
    </message>
    <message>
        <source>%1, %2 not done</source>
        <translation>%1，%2 张未处理</translation>
    </message>
    <message>
        <source>Dropsize cancelled</source>
        <translation>Dropsize 已取消</translation>
    </message>
    <message>
        <source>Dropsize finished</source>
        <translation>Dropsize 已完成</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::InputListModel</name>
    <message>
        <source>counting…</source>
        <translation>正在统计…</translation>
    </message>
    <message numerus="yes">
        <source>%n image(s)</source>
        <translation>
            <numerusform>%n 张图片</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder or file</source>
        <translation>文件夹或文件</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>not a file or folder</source>
        <translation>不是文件或文件夹</translation>
    </message>
    <message>
        <source>already in the list</source>
        <translation>已在列表中</translation>
    </message>
    <message>
        <source>counted in %1</source>
        <translation>已计入 %1</translation>
    </message>
    <message>
        <source>will fail: %1</source>
        <translation>将失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n other file(s)</source>
        <translation>
            <numerusform>%1，另有 %n 个其他文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Left out:</source>
        <translation>未采用：</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>……还有 %n 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) in all</source>
        <translation>
            <numerusform>共 %n 张图片</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to resize</source>
        <translation>
            <numerusform>%n 张待缩放</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to skip</source>
        <translation>
            <numerusform>%n 张将跳过</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n that cannot be read</source>
        <translation>
            <numerusform>%n 张无法读取</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::JobLogModel</name>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1×%2</source>
        <translation>%1×%2</translation>
    </message>
    <message>
        <source>%1 → %2×%3</source>
        <translation>%1 → %2×%3</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>quality %1 for the largest file size</source>
        <translation>为最大文件大小选用质量 %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>larger than the original (+%1)</source>
        <translation>比原图大（+%1）</translation>
    </message>
    <message>
        <source>stretched: aspect not kept</source>
        <translation>已拉伸：未保持宽高比</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>Reason / note</source>
        <translation>原因 / 备注</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::LogPane</name>
    <message>
        <source>Details of the selected row</source>
        <translation>所选行的详细信息</translation>
    </message>
    <message>
        <source>Show onl&amp;y failures</source>
        <translation>只显示失败项(&amp;Y)</translation>
    </message>
    <message>
        <source>Copy to clip&amp;board</source>
        <translation>复制到剪贴板(&amp;B)</translation>
    </message>
    <message>
        <source>Copy the rows shown to the clipboard</source>
        <translation>将显示的行复制到剪贴板</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <source>Show the selected row&apos;s file in its folder (double-click a row to open it)</source>
        <translation>在文件夹中显示所选行的文件（双击一行可打开它）</translation>
    </message>
    <message>
        <source>Log copied to the clipboard</source>
        <translation>日志已复制到剪贴板</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied to the clipboard</source>
        <translation>
            <numerusform>已将 %n 行复制到剪贴板</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier row(s) folded (failures are always kept)</source>
        <translation>
            <numerusform>已折叠之前的 %n 行（失败项始终保留）</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a row to read its paths and its reason in full.</source>
        <translation>选择一行即可查看其完整路径和原因。</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <source>Pixels:</source>
        <translation>像素：</translation>
    </message>
    <message>
        <source>Bytes:</source>
        <translation>字节：</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Time:</source>
        <translation>用时：</translation>
    </message>
    <message>
        <source>%1 was not opened: Dropsize itself is the default application for this type. Choose another one in the system settings.</source>
        <translation>未打开 %1：Dropsize 本身就是此类文件的默认应用程序。请在系统设置中另选一个。</translation>
    </message>
    <message>
        <source>The folder of %1 was not opened: no file manager is set up to open folders here.</source>
        <translation>未打开 %1 所在的文件夹：此处没有设置用于打开文件夹的文件管理器。</translation>
    </message>
    <message>
        <source>%1 is not there any more.</source>
        <translation>%1 已不存在。</translation>
    </message>
    <message>
        <source>Could not show %1: no file manager answered.</source>
        <translation>无法显示 %1：没有文件管理器响应。</translation>
    </message>
    <message>
        <source>Could not open %1: no application opens it.</source>
        <translation>无法打开 %1：没有应用程序能打开它。</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::MainWindow</name>
    <message>
        <source>Dropsize</source>
        <translation>Dropsize</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Drop folders or images to add them</source>
        <translation>将文件夹或图片拖放到这里即可添加</translation>
    </message>
    <message>
        <source>Could not read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>Folders and images</source>
        <translation>文件夹和图片</translation>
    </message>
    <message>
        <source>Add f&amp;iles…</source>
        <translation>添加文件(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>%v / %m</source>
        <translation>%v / %m</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Dropsize</source>
        <translation>关于 Dropsize(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>A batch is running: add more when it is done.</source>
        <translation>正在处理一批图片，请在完成后再添加。</translation>
    </message>
    <message numerus="yes">
        <source>Added %n input(s)</source>
        <translation>
            <numerusform>已添加 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Add a folder of images</source>
        <translation>添加图片文件夹</translation>
    </message>
    <message>
        <source>Add images</source>
        <translation>添加图片</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Looking for images…</source>
        <translation>正在查找图片…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>%1 images/s · %2 left</source>
        <translation>每秒 %1 张 · 剩余 %2</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>未开始：%1</translation>
    </message>
    <message>
        <source>The batch could not start:
%1</source>
        <translation>无法开始处理：
%1</translation>
    </message>
    <message>
        <source>%1: %2 done, %3 skipped, %4 failed in %5</source>
        <translation>%1：完成 %2，跳过 %3，失败 %4，用时 %5</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message numerus="yes">
        <source>, %n not done</source>
        <translation>
            <numerusform>，%n 张未处理</numerusform>
        </translation>
    </message>
    <message>
        <source> · %1 → %2 (%3 saved)</source>
        <translation> · %1 → %2（节省 %3）</translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n 张失败</numerusform>
        </translation>
    </message>
    <message>
        <source>A batch is running. Stop it and quit?

Files already written stay; the file being written is discarded.</source>
        <translation>正在处理一批图片。要停止并退出吗？

已写好的文件会保留，正在写入的文件会被丢弃。</translation>
    </message>
    <message>
        <source>About Dropsize</source>
        <translation>关于 Dropsize</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Dropsize %1&lt;/h3&gt;&lt;p&gt;Resizes folders of photos (%6), with exactly the pixels of Pillow&apos;s thumbnail(); originals are never changed.&lt;/p&gt;&lt;p&gt;Git revision %2&lt;br&gt;Qt %3&lt;br&gt;%4&lt;br&gt;%5&lt;/p&gt;&lt;p&gt;MIT licence. Uses Qt (LGPLv3) and the image libraries above, each under its own licence (see LICENSE).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Dropsize %1&lt;/h3&gt;&lt;p&gt;批量缩放文件夹中的照片（%6），像素与 Pillow 的 thumbnail() 完全一致；原图永远不会被修改。&lt;/p&gt;&lt;p&gt;Git 版本 %2&lt;br&gt;Qt %3&lt;br&gt;%4&lt;br&gt;%5&lt;/p&gt;&lt;p&gt;MIT 许可证。使用 Qt（LGPLv3）和上面列出的图像库，各自遵循其许可证（见 LICENSE）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Show only the failures in the log</source>
        <translation>在日志中只显示失败项</translation>
    </message>
    <message>
        <source> · %1 on %2, %3 on the CPU</source>
        <translation> · %2 处理 %1 张，CPU 处理 %3 张</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>提示：%1</translation>
    </message>
    <message>
        <source>Images (%1);;All files (*)</source>
        <translation>图片 (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>There are no images in these inputs (files named %1).</source>
        <translation>这些输入中没有图片（文件名为 %1 的文件）。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message numerus="yes">
        <source>%n not added (see under the list)</source>
        <translation>
            <numerusform>%n 项未添加（见列表下方）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>……还有 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>未添加：%1</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>No file manager is set up to open folders here.</source>
        <translation>此系统没有可用来打开文件夹的文件管理器。</translation>
    </message>
    <message>
        <source>The folder could not be opened.</source>
        <translation>无法打开该文件夹。</translation>
    </message>
    <message>
        <source>%1

The outputs are in:
%2</source>
        <translation>%1

输出文件在：
%2</translation>
    </message>
    <message>
        <source>&amp;Copy path</source>
        <translation>复制路径(&amp;C)</translation>
    </message>
    <message>
        <source>Path copied to the clipboard</source>
        <translation>路径已复制到剪贴板</translation>
    </message>
    <message numerus="yes">
        <source>%n output(s) larger than the original(s)</source>
        <translation>
            <numerusform>%n 个输出文件比原图大</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n output(s) stretched to the exact size (aspect not kept)</source>
        <translation>
            <numerusform>%n 个输出文件被拉伸到精确尺寸（未保持宽高比）</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>添加文件夹(&amp;A)…</translation>
    </message>
    <message>
        <source>Remove the selected inputs from the list (Delete)</source>
        <translation>从列表中移除选中的输入（Delete 键）</translation>
    </message>
    <message>
        <source>Stop the batch (Esc): files already written stay</source>
        <translation>停止这批处理（Esc 键）：已写好的文件会保留</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>继续(&amp;U)</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n image(s)</source>
        <translation>
            <numerusform>已完成 %1 张，共 %n 张图片</numerusform>
        </translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Drag folders or images here from your file manager, or use Add folder.</source>
        <translation>从文件管理器把文件夹或图片拖到这里，或使用“添加文件夹”。</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>Pa&amp;use</source>
        <translation>暂停(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Open output fol&amp;der</source>
        <translation>打开输出文件夹(&amp;D)</translation>
    </message>
    <message>
        <source>Replace them</source>
        <translation>替换它们</translation>
    </message>
    <message>
        <source>Sets &quot;If an output exists&quot; to &quot;Replace it&quot;: the earlier outputs are written over (the originals never are)</source>
        <translation>将“输出已存在时”设为“替换”：覆盖之前的输出（原图永远不会被覆盖）</translation>
    </message>
    <message>
        <source>Add the size to the names</source>
        <translation>在文件名中加上尺寸</translation>
    </message>
    <message>
        <source>Names each output with its size (photo_1024x768.jpg), so that outputs of another size stay beside these</source>
        <translation>用尺寸命名每个输出（photo_1024x768.jpg），让其他尺寸的输出与这些并存</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n image(s) would be skipped: their outputs exist already.</source>
        <translation>
            <numerusform>%n 张图片中有 %1 张会被跳过：它们的输出已存在。</numerusform>
        </translation>
    </message>
    <message>
        <source>The selected image before and after the settings (Ctrl+P)</source>
        <translation>所选图像在应用设置前后的对比（Ctrl+P）</translation>
    </message>
    <message>
        <source>One row per file of the batch (Ctrl+L)</source>
        <translation>批处理中每个文件一行（Ctrl+L）</translation>
    </message>
    <message>
        <source>More options › If an output exists is now &quot;Replace it&quot;</source>
        <translation>更多选项 › “输出已存在时”现为“替换”</translation>
    </message>
    <message>
        <source>More options › File names is now %1</source>
        <translation>更多选项 › 文件名现为 %1</translation>
    </message>
    <message>
        <source>Scroll left</source>
        <translation>向左滚动</translation>
    </message>
    <message>
        <source>Scroll right</source>
        <translation>向右滚动</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::PresetBar</name>
    <message>
        <source>Web (2048 px)</source>
        <translation>网页（2048 像素）</translation>
    </message>
    <message>
        <source>E-mail (1280 px)</source>
        <translation>电子邮件（1280 像素）</translation>
    </message>
    <message>
        <source>Thumbnails (256 px)</source>
        <translation>缩略图（256 像素）</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Settings saved under a name; dropsize-cli --preset reads the same presets</source>
        <translation>以名称保存的一组设置；dropsize-cli --preset 读取的也是这些预设</translation>
    </message>
    <message>
        <source>Save the settings as a preset</source>
        <translation>将当前设置保存为预设</translation>
    </message>
    <message>
        <source>Could not read the presets in %1: %2</source>
        <translation>无法读取 %1 中的预设：%2</translation>
    </message>
    <message>
        <source>Presets file, line %1 skipped: %2</source>
        <translation>已跳过预设文件第 %1 行：%2</translation>
    </message>
    <message>
        <source>Custom settings</source>
        <translation>自定义设置</translation>
    </message>
    <message>
        <source>%1 (modified)</source>
        <translation>%1（已修改）</translation>
    </message>
    <message>
        <source>There is no preset named &quot;%1&quot;.</source>
        <translation>没有名为“%1”的预设。</translation>
    </message>
    <message>
        <source>Only a preset of your own can be renamed.</source>
        <translation>只能重命名自己保存的预设。</translation>
    </message>
    <message>
        <source>Only a preset of your own can be deleted.</source>
        <translation>只能删除自己保存的预设。</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <source>Save the current settings as the preset:</source>
        <translation>将当前设置保存为预设，名称：</translation>
    </message>
    <message>
        <source>Replace the preset &quot;%1&quot; with the current settings?</source>
        <translation>要用当前设置替换预设“%1”吗？</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>重命名预设</translation>
    </message>
    <message>
        <source>New name of the preset &quot;%1&quot;:</source>
        <translation>预设“%1”的新名称：</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>删除预设</translation>
    </message>
    <message>
        <source>Delete the preset &quot;%1&quot;? The settings stay as they are.</source>
        <translation>要删除预设“%1”吗？当前设置保持不变。</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>Sav&amp;e as…</source>
        <translation>另存为(&amp;E)…</translation>
    </message>
    <message>
        <source>⋯</source>
        <translation>⋯</translation>
    </message>
    <message>
        <source>Rename or delete the preset</source>
        <translation>重命名或删除预设</translation>
    </message>
    <message>
        <source>Rename or delete the chosen preset (one of yours)</source>
        <translation>重命名或删除所选的预设（限您自己保存的）</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::PreviewPane</name>
    <message>
        <source>Original image</source>
        <translation>原图</translation>
    </message>
    <message>
        <source>Output image</source>
        <translation>输出图像</translation>
    </message>
    <message>
        <source>Show at 100 %</source>
        <translation>按 100% 显示</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>尺寸：</translation>
    </message>
    <message>
        <source>Size to preview</source>
        <translation>要预览的尺寸</translation>
    </message>
    <message>
        <source>Making the preview…</source>
        <translation>正在生成预览…</translation>
    </message>
    <message>
        <source>Select an image in the list or the log to preview it.</source>
        <translation>在列表或日志中选择一张图像即可预览。</translation>
    </message>
    <message>
        <source>Original: %1 × %2 px, %3, %4</source>
        <translation>原图：%1 × %2 像素，%3，%4</translation>
    </message>
    <message>
        <source>Output: %1 × %2 px, %3, %4</source>
        <translation>输出：%1 × %2 像素，%3，%4</translation>
    </message>
    <message>
        <source>(%1 % of the original)</source>
        <translation>（原图的 %1%）</translation>
    </message>
    <message>
        <source>at quality %1</source>
        <translation>质量 %1</translation>
    </message>
    <message>
        <source>%1 is there already: the batch will skip it.</source>
        <translation>%1 已存在：批处理将跳过它。</translation>
    </message>
    <message>
        <source>(less than 1 % of the original)</source>
        <translation>（不到原图的 1%）</translation>
    </message>
    <message>
        <source>Show the output at 100 %, one of its pixels per pixel of the screen, and the original at the same scale (Ctrl+1)</source>
        <translation>按 100% 显示输出（一个像素对应屏幕上一个像素），原图按相同比例显示（Ctrl+1）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit in the view</source>
        <translation>适应视图</translation>
    </message>
    <message>
        <source>Show the whole output, and the original at the same scale (Ctrl+0)</source>
        <translation>显示完整的输出，原图按相同比例显示（Ctrl+0）</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+Minus, or the wheel)</source>
        <translation>缩小（Ctrl+减号，或滚轮）</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Fit (100 %)</source>
        <translation>适应（100%）</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+Plus, or the wheel)</source>
        <translation>放大（Ctrl+加号，或滚轮）</translation>
    </message>
    <message>
        <source>Which of the sizes to preview</source>
        <translation>要预览哪一个尺寸</translation>
    </message>
    <message>
        <source>Previous image</source>
        <translation>上一张图像</translation>
    </message>
    <message>
        <source>Preview the folder&apos;s previous image (Alt+Left)</source>
        <translation>预览文件夹中的上一张图像（Alt+左方向键）</translation>
    </message>
    <message>
        <source>Image of the folder</source>
        <translation>文件夹中的图像</translation>
    </message>
    <message>
        <source>00 / 00</source>
        <translation>00 / 00</translation>
    </message>
    <message>
        <source>Next image</source>
        <translation>下一张图像</translation>
    </message>
    <message>
        <source>Preview the folder&apos;s next image (Alt+Right)</source>
        <translation>预览文件夹中的下一张图像（Alt+右方向键）</translation>
    </message>
    <message>
        <source>Drag to move both images; the wheel zooms both</source>
        <translation>拖动可同时移动两张图像；滚轮可同时缩放两张图像</translation>
    </message>
    <message>
        <source>About the original</source>
        <translation>关于原图</translation>
    </message>
    <message>
        <source>About the output</source>
        <translation>关于输出</translation>
    </message>
    <message>
        <source>Cannot preview %1: %2</source>
        <translation>无法预览 %1：%2</translation>
    </message>
    <message>
        <source>%1 / %2 · %3</source>
        <translation>%1 / %2 · %3</translation>
    </message>
    <message>
        <source>Fit (%1 %)</source>
        <translation>适应（%1%）</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>The batch will not write %1: %2</source>
        <translation>批处理不会写入 %1：%2</translation>
    </message>
    <message>
        <source>&amp;100 %</source>
        <translation>100%(&amp;1)</translation>
    </message>
</context>
<context>
    <name>dropsize::ui::SettingsPanel</name>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Percentage</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>Fit in a box</source>
        <translation>适应尺寸框</translation>
    </message>
    <message>
        <source>Fill a box and crop</source>
        <translation>填满尺寸框并裁剪</translation>
    </message>
    <message>
        <source>Long edge</source>
        <translation>长边</translation>
    </message>
    <message>
        <source>Short edge</source>
        <translation>短边</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <source>Same as the input</source>
        <translation>与输入相同</translation>
    </message>
    <message>
        <source>JPEG</source>
        <translation>JPEG</translation>
    </message>
    <message>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <source>For&amp;mat:</source>
        <translation>格式(&amp;M)：</translation>
    </message>
    <message>
        <source>Skip it (a re-run resumes)</source>
        <translation>跳过（再次运行可续做）</translation>
    </message>
    <message>
        <source>Keep both (photo_1.jpg)</source>
        <translation>保留两者（photo_1.jpg）</translation>
    </message>
    <message>
        <source>&amp;Keep EXIF and colour profile</source>
        <translation>保留 EXIF 和色彩配置(&amp;K)</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>No usable GPU: every file will run on the CPU.</source>
        <translation>没有可用的 GPU：所有文件都将在 CPU 上处理。</translation>
    </message>
    <message>
        <source>Choose the output folder</source>
        <translation>选择输出文件夹</translation>
    </message>
    <message>
        <source>Exact size (stretches)</source>
        <translation>精确尺寸（拉伸）</translation>
    </message>
    <message>
        <source>Without it no output is larger than its input. A box to fill that an image is too small for is then only cropped to the box&apos;s shape, not scaled up.</source>
        <translation>不勾选时，输出不会大于输入。若图像小于要填满的框，则只按框的比例裁剪，不会放大。</translation>
    </message>
    <message>
        <source>Same as the input (HEIC as JPEG)</source>
        <translation>与输入相同（HEIC 存为 JPEG）</translation>
    </message>
    <message>
        <source>Each image in its input&apos;s format; HEIC and HEIF are written as JPEG.</source>
        <translation>每张图像保持输入的格式；HEIC 和 HEIF 存为 JPEG。</translation>
    </message>
    <message>
        <source>AVIF</source>
        <translation>AVIF</translation>
    </message>
    <message>
        <source>JPEG </source>
        <translation>JPEG </translation>
    </message>
    <message>
        <source>JPEG quality</source>
        <translation>JPEG 质量</translation>
    </message>
    <message>
        <source>AVIF </source>
        <translation>AVIF </translation>
    </message>
    <message>
        <source>AVIF quality</source>
        <translation>AVIF 质量</translation>
    </message>
    <message>
        <source>AVIF encoder speed: %1 is the slowest and gives the smallest files</source>
        <translation>AVIF 编码速度：%1 最慢，文件最小</translation>
    </message>
    <message>
        <source>&amp;Quality:</source>
        <translation>质量(&amp;Q)：</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>KB</source>
        <translation>KB</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>lossy formats only</source>
        <translation>仅限有损格式</translation>
    </message>
    <message>
        <source>Write it</source>
        <translation>照常写入</translation>
    </message>
    <message>
        <source>Skip it</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Copy the original</source>
        <translation>复制原文件</translation>
    </message>
    <message>
        <source>For an output in its input&apos;s format whose file is larger than the input&apos;s; one in another format is always written.</source>
        <translation>适用于与输入格式相同且文件比输入大的输出；其他格式的输出总会写入。</translation>
    </message>
    <message>
        <source>Each output takes its input&apos;s modification time.</source>
        <translation>每个输出沿用其输入的修改时间。</translation>
    </message>
    <message>
        <source>e.g. 2048,1024,256 or 50%,fit:800x600</source>
        <translation>例如 2048,1024,256 或 50%,fit:800x600</translation>
    </message>
    <message>
        <source>Writes every image at each size of the list, reading it once: long edges (2048), percentages (50%), fit:WxH, fill:WxH, short:N, long:N or exact:WxH. Each size&apos;s outputs go to a folder named by its label (2048, fit800x600, 50pct) unless the file names name the size. Empty: the one size above.</source>
        <translation>每张图像只读取一次，按列表中的每个尺寸各写一份：长边（2048）、百分比（50%）、fit:WxH、fill:WxH、short:N、long:N 或 exact:WxH。每个尺寸的输出放在以其标签命名的文件夹中（2048、fit800x600、50pct），除非文件名中含有尺寸。留空：使用上面的单一尺寸。</translation>
    </message>
    <message>
        <source>Se&amp;veral sizes:</source>
        <translation>多个尺寸(&amp;V)：</translation>
    </message>
    <message>
        <source>{name}, or e.g. {name}_{w}x{h}</source>
        <translation>{name}，或例如 {name}_{w}x{h}</translation>
    </message>
    <message>
        <source>{name}: the input&apos;s name without extension; {ext}: the output&apos;s extension; {w} and {h}: its size; {size}: the size&apos;s label; {n}: the input&apos;s number. The extension is added; &quot;/&quot; makes sub-folders. Empty: the input&apos;s name.</source>
        <translation>{name}：输入文件名（不含扩展名）；{ext}：输出的扩展名；{w} 和 {h}：输出尺寸；{size}：尺寸标签；{n}：输入的序号。扩展名会自动添加；“/”表示子文件夹。留空：使用输入的文件名。</translation>
    </message>
    <message>
        <source>WebP</source>
        <translation>WebP</translation>
    </message>
    <message>
        <source>WebP </source>
        <translation>WebP </translation>
    </message>
    <message>
        <source>WebP quality; for lossless WebP, the effort (higher: smaller files, slower)</source>
        <translation>WebP 质量；无损 WebP 时为压缩力度（越高文件越小、越慢）</translation>
    </message>
    <message>
        <source>Lossless &amp;WebP</source>
        <translation>无损 WebP(&amp;W)</translation>
    </message>
    <message>
        <source>The exact pixels, in larger files</source>
        <translation>像素完全不变，文件较大</translation>
    </message>
    <message>
        <source>AVIF speed </source>
        <translation>AVIF 速度 </translation>
    </message>
    <message>
        <source>Each output in a lossy format is written at the highest quality, up to its quality above, whose file is at most this large. PNG and lossless WebP outputs are written as usual.</source>
        <translation>有损格式的输出以不超过此大小的最高质量写入（不高于上面设定的质量）。PNG 和无损 WebP 输出照常写入。</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>尺寸(&amp;Z)：</translation>
    </message>
    <message>
        <source>Lar&amp;gest file size:</source>
        <translation>最大文件大小(&amp;G)：</translation>
    </message>
    <message>
        <source>If larger than the original:</source>
        <translation>若大于原文件：</translation>
    </message>
    <message>
        <source>If an output e&amp;xists:</source>
        <translation>输出已存在时(&amp;X)：</translation>
    </message>
    <message>
        <source>Keep file dates</source>
        <translation>保留文件日期</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>恢复默认设置</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>Largest file size</source>
        <translation>最大文件大小</translation>
    </message>
    <message>
        <source>Unit of the largest file size</source>
        <translation>最大文件大小的单位</translation>
    </message>
    <message>
        <source>WebP quality</source>
        <translation>WebP 质量</translation>
    </message>
    <message>
        <source>AVIF encoder speed</source>
        <translation>AVIF 编码速度</translation>
    </message>
    <message>
        <source>Stretches: the aspect is not kept.</source>
        <translation>会拉伸：不保持宽高比。</translation>
    </message>
    <message>
        <source>A &quot;ResizeImage&quot; folder beside the images</source>
        <translation>图片旁的“ResizeImage”文件夹</translation>
    </message>
    <message>
        <source>One folder of my choice</source>
        <translation>我选择的一个文件夹</translation>
    </message>
    <message>
        <source>Each input folder gets a &quot;ResizeImage&quot; folder with the outputs, its sub-folders mirrored inside.</source>
        <translation>每个输入文件夹中建一个“ResizeImage”文件夹存放输出，其中按原样保留子文件夹结构。</translation>
    </message>
    <message>
        <source>Every output goes to the folder below, the inputs&apos; sub-folders mirrored inside.</source>
        <translation>所有输出都放到下面的文件夹中，其中按原样保留输入的子文件夹结构。</translation>
    </message>
    <message>
        <source>Ch&amp;oose…</source>
        <translation>选择(&amp;O)…</translation>
    </message>
    <message>
        <source>Save &amp;to:</source>
        <translation>保存到(&amp;T)：</translation>
    </message>
    <message>
        <source>JPEG quality: higher is better looking and larger</source>
        <translation>JPEG 质量：越高越好看，文件也越大</translation>
    </message>
    <message>
        <source>AVIF quality: higher is better looking and larger</source>
        <translation>AVIF 质量：越高越好看，文件也越大</translation>
    </message>
    <message>
        <source>More optio&amp;ns</source>
        <translation>更多选项(&amp;N)</translation>
    </message>
    <message>
        <source>Several sizes, the filter, file names, a largest file size, what to do with existing outputs, metadata and the device</source>
        <translation>多个尺寸、滤镜、文件名、最大文件大小、已有输出的处理方式、元数据和设备</translation>
    </message>
    <message>
        <source>Allow enlarging (never by default)</source>
        <translation>允许放大（默认从不放大）</translation>
    </message>
    <message>
        <source>Smooth (bicubic)</source>
        <translation>平滑（双三次）</translation>
    </message>
    <message>
        <source>Sharp (Lanczos)</source>
        <translation>锐利（Lanczos）</translation>
    </message>
    <message>
        <source>Soft (Hamming)</source>
        <translation>柔和（Hamming）</translation>
    </message>
    <message>
        <source>Softer (bilinear)</source>
        <translation>更柔和（双线性）</translation>
    </message>
    <message>
        <source>Averaged (box)</source>
        <translation>平均（盒式）</translation>
    </message>
    <message>
        <source>Blocky (nearest pixel)</source>
        <translation>块状（最近像素）</translation>
    </message>
    <message>
        <source>Pillow&apos;s default for thumbnail(): smooth, little ringing</source>
        <translation>Pillow 生成缩略图时的默认滤镜：平滑，振铃很少</translation>
    </message>
    <message>
        <source>The sharpest: fine detail kept, a little ringing at hard edges</source>
        <translation>最锐利：保留细节，硬边缘处略有振铃</translation>
    </message>
    <message>
        <source>Between bilinear and bicubic</source>
        <translation>介于双线性与双三次之间</translation>
    </message>
    <message>
        <source>Soft; fast</source>
        <translation>柔和；快</translation>
    </message>
    <message>
        <source>Each output pixel the average of the input pixels it covers</source>
        <translation>每个输出像素取其覆盖的输入像素的平均值</translation>
    </message>
    <message>
        <source>No smoothing: each output pixel one input pixel (pixel art, masks)</source>
        <translation>不做平滑：每个输出像素取一个输入像素（像素画、蒙版）</translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation>滤镜：</translation>
    </message>
    <message>
        <source>File names:</source>
        <translation>文件名：</translation>
    </message>
    <message>
        <source>Replace it</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Include sub-folders</source>
        <translation>包括子文件夹</translation>
    </message>
    <message>
        <source>AVIF speed:</source>
        <translation>AVIF 速度：</translation>
    </message>
    <message numerus="yes">
        <source>%1, and %n CPU thread(s)</source>
        <translation>
            <numerusform>%1，以及 %n 个 CPU 线程</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No NVIDIA GPU found: using %n CPU thread(s)</source>
        <translation>
            <numerusform>未找到 NVIDIA GPU：使用 %n 个 CPU 线程</numerusform>
        </translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Every setting back to its default (the presets stay)</source>
        <translation>所有设置恢复为默认值（预设保留）</translation>
    </message>
    <message>
        <source>Fastest (reducing gap 1)</source>
        <translation>最快（缩减间隔 1）</translation>
    </message>
    <message>
        <source>Large images are first reduced as far as the output allows (a JPEG decoded at a smaller scale): quickest, very slightly softer</source>
        <translation>大图先尽量缩小到输出允许的程度（JPEG 以更小的比例解码）：最快，略微柔和一点</translation>
    </message>
    <message>
        <source>Fast, Pillow&apos;s default (reducing gap 2)</source>
        <translation>快，Pillow 的默认值（缩减间隔 2）</translation>
    </message>
    <message>
        <source>Reduced first while still twice the output&apos;s size: what Pillow&apos;s thumbnail() and the old tool do</source>
        <translation>先缩小到仍为输出尺寸的两倍：与 Pillow 生成缩略图和旧工具的做法相同</translation>
    </message>
    <message>
        <source>Finer (reducing gap 3)</source>
        <translation>更精细（缩减间隔 3）</translation>
    </message>
    <message>
        <source>Reduced first while still three times the output&apos;s size: slower, nearer a resample of the whole image</source>
        <translation>先缩小到仍为输出尺寸的三倍：较慢，更接近对整幅图像重采样</translation>
    </message>
    <message>
        <source>Finest, slowest (no reducing)</source>
        <translation>最精细，最慢（不预先缩减）</translation>
    </message>
    <message>
        <source>The whole image resampled at once: no smaller decode, no reducing step</source>
        <translation>一次对整幅图像重采样：不以更小比例解码，也不预先缩减</translation>
    </message>
    <message>
        <source>How far a large image is reduced before the filter: the pixels are exactly Pillow&apos;s thumbnail() with that reducing gap (--reducing-gap)</source>
        <translation>大图在滤镜之前预先缩小的程度：像素与 Pillow 以该缩减间隔生成的缩略图完全相同（--reducing-gap）</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <source>Reducing gap %1</source>
        <translation>缩减间隔 %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Batch image resizer</source>
        <translation>批量图片缩放工具</translation>
    </message>
    <message>
        <source>Folders and images to add to the list.</source>
        <translation>要添加到列表的文件夹和图片。</translation>
    </message>
</context>
</TS>
