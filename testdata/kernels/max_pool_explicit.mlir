// MaxPool with EXPLICIT padding (TF's CPU kernel takes it for the 2-D max pool, NHWC): f32 2x2 stride 1
// with padding (1, 2) and (0, 3); 2x2 stride 2 with padding 3 before the rows, so that the first windows
// cover padding alone (-Inf, XLA's identity; TF's kernel gives -FLT_MAX there); i8 (a window of padding
// alone is -128); f16 3x3 stride 2 (computed in f32); f64 on a static shape. NaN propagates; empty batches
// and images.
func.func @test(%x: tensor<?x?x?x?xf32>, %n: tensor<?x?x?x?xi8>, %h: tensor<?x?x?x?xf16>, %d: tensor<2x4x3x2xf64>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xi8>, tensor<?x?x?x?xf16>, tensor<2x5x4x2xf64>) {
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", explicit_paddings = [0, 0, 1, 2, 0, 3, 0, 0], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.MaxPool"(%x) {explicit_paddings = [0, 0, 3, 0, 0, 2, 0, 0], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.MaxPool"(%n) {explicit_paddings = [0, 0, 2, 2, 1, 0, 0, 0], ksize = [1, 2, 3, 1], padding = "EXPLICIT", strides = [1, 2, 1, 1]} : (tensor<?x?x?x?xi8>) -> tensor<?x?x?x?xi8>
  %3 = "tf.MaxPool"(%h) {explicit_paddings = [0, 0, 1, 1, 1, 1, 0, 0], ksize = [1, 3, 3, 1], padding = "EXPLICIT", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf16>) -> tensor<?x?x?x?xf16>
  %4 = "tf.MaxPool"(%d) {explicit_paddings = [0, 0, 0, 2, 2, 0, 0, 0], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<2x4x3x2xf64>) -> tensor<2x5x4x2xf64>
  func.return %0, %1, %2, %3, %4 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xi8>, tensor<?x?x?x?xf16>, tensor<2x5x4x2xf64>
}
