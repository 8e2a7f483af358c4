// DepthwiseConv2dNative, NHWC input and [h, w, in, multiplier] filter (output channel c·M + m): f32 with
// multiplier 2, SAME stride 1, VALID stride 2, SAME stride 2 with dilations 2; multiplier 1 (channels
// innermost), SAME, and EXPLICIT padding (1, 2) x (0, 3) with stride 3 and dilation (1, 2); f16 (in f32,
// rounded once); f64 with a static filter, SAME stride 2. Odd and even sizes, 1x1 images, empty batches and
// channels.
func.func @test(%x: tensor<?x?x?x?xf32>, %w: tensor<3x3x?x2xf32>, %w1: tensor<3x2x?x1xf32>, %h: tensor<?x?x?x?xf16>, %hw: tensor<?x?x?x?xf16>, %d: tensor<?x?x?x3xf64>, %dw: tensor<3x3x3x1xf64>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf16>, tensor<?x?x?x3xf64>) {
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<3x3x?x2xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.DepthwiseConv2dNative"(%x, %w) {padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>, tensor<3x3x?x2xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.DepthwiseConv2dNative"(%x, %w) {dilations = [1, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>, tensor<3x3x?x2xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tf.DepthwiseConv2dNative"(%x, %w1) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<3x2x?x1xf32>) -> tensor<?x?x?x?xf32>
  %4 = "tf.DepthwiseConv2dNative"(%x, %w1) {dilations = [1, 1, 2, 1], explicit_paddings = [0, 0, 1, 2, 0, 3, 0, 0], padding = "EXPLICIT", strides = [1, 3, 3, 1]} : (tensor<?x?x?x?xf32>, tensor<3x2x?x1xf32>) -> tensor<?x?x?x?xf32>
  %5 = "tf.DepthwiseConv2dNative"(%h, %hw) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x?xf16>
  %6 = "tf.DepthwiseConv2dNative"(%d, %dw) {padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x3xf64>, tensor<3x3x3x1xf64>) -> tensor<?x?x?x3xf64>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf16>, tensor<?x?x?x3xf64>
}
