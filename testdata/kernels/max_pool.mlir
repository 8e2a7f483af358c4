// MaxPool, NHWC: f32 3x3 stride 2 SAME, 2x2 stride 2 VALID, 3x2 stride 1 SAME on odd and even sizes (NaN
// propagates, ±Inf); a 4x5 window larger than its input under SAME (stride 3); i32 with stride (2, 1); f16
// (computed in f32); f64 on a static shape (the padding known when compiling). Empty batches and images.
func.func @test(%x: tensor<?x?x?x?xf32>, %s: tensor<?x?x?x?xf32>, %n: tensor<?x?x?x?xi32>, %h: tensor<?x?x?x?xf16>, %d: tensor<2x5x4x3xf64>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xi32>, tensor<?x?x?x?xf16>, tensor<2x5x2x3xf64>) {
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", explicit_paddings = [], ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.MaxPool"(%x) {data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.MaxPool"(%x) {ksize = [1, 3, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tf.MaxPool"(%s) {ksize = [1, 4, 5, 1], padding = "SAME", strides = [1, 3, 3, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %4 = "tf.MaxPool"(%n) {ksize = [1, 2, 3, 1], padding = "SAME", strides = [1, 2, 1, 1]} : (tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  %5 = "tf.MaxPool"(%h) {ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf16>) -> tensor<?x?x?x?xf16>
  %6 = "tf.MaxPool"(%d) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<2x5x4x3xf64>) -> tensor<2x5x2x3xf64>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xi32>, tensor<?x?x?x?xf16>, tensor<2x5x2x3xf64>
}
