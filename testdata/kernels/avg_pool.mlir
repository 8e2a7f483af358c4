// AvgPool, NHWC: the mean over the window's input elements (padding not counted, as TF divides). f32 3x3
// stride 2 SAME, 2x2 stride 2 VALID, 3x2 stride 1 SAME on odd and even sizes (+Inf spreads); a 4x5 window
// larger than its input under SAME; f16 (summed and divided in f32, rounded once); f64 on a static shape, SAME
// and VALID (the counts known when compiling; NaN spreads). Empty batches and images.
func.func @test(%x: tensor<?x?x?x?xf32>, %s: tensor<?x?x?x?xf32>, %h: tensor<?x?x?x?xf16>, %d: tensor<2x5x4x3xf64>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf16>, tensor<2x5x2x3xf64>, tensor<2x2x2x3xf64>) {
  %0 = "tf.AvgPool"(%x) {data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.AvgPool"(%x) {data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.AvgPool"(%x) {ksize = [1, 3, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tf.AvgPool"(%s) {ksize = [1, 4, 5, 1], padding = "SAME", strides = [1, 3, 3, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %4 = "tf.AvgPool"(%h) {ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf16>) -> tensor<?x?x?x?xf16>
  %5 = "tf.AvgPool"(%d) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<2x5x4x3xf64>) -> tensor<2x5x2x3xf64>
  %6 = "tf.AvgPool"(%d) {ksize = [1, 3, 3, 1], padding = "VALID", strides = [1, 2, 1, 1]} : (tensor<2x5x4x3xf64>) -> tensor<2x2x2x3xf64>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf16>, tensor<2x5x2x3xf64>, tensor<2x2x2x3xf64>
}
