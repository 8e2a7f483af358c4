// MaxPool3D and AvgPool3D, NDHWC: f32 max 2x2x2 stride 2 SAME (NaN propagates), mean 3x2x3 strides (1, 2, 1)
// SAME and 1x2x2 strides (1, 1, 2) VALID; f16 max and mean (in f32, rounded once); f64 mean 3x3x3 stride 2
// SAME. Odd and even sizes, empty batches and volumes.
func.func @test(%x: tensor<?x?x?x?x?xf32>, %h: tensor<?x?x?x?x?xf16>, %d: tensor<?x?x?x?x?xf64>) -> (tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf16>, tensor<?x?x?x?x?xf16>, tensor<?x?x?x?x?xf64>) {
  %0 = "tf.MaxPool3D"(%x) {data_format = "NDHWC", ksize = [1, 2, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %1 = "tf.AvgPool3D"(%x) {data_format = "NDHWC", ksize = [1, 3, 2, 3, 1], padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %2 = "tf.AvgPool3D"(%x) {ksize = [1, 1, 2, 2, 1], padding = "VALID", strides = [1, 1, 1, 2, 1]} : (tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %3 = "tf.MaxPool3D"(%h) {ksize = [1, 2, 3, 2, 1], padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<?x?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16>
  %4 = "tf.AvgPool3D"(%h) {ksize = [1, 2, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<?x?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16>
  %5 = "tf.AvgPool3D"(%d) {ksize = [1, 3, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<?x?x?x?x?xf64>) -> tensor<?x?x?x?x?xf64>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf16>, tensor<?x?x?x?x?xf16>, tensor<?x?x?x?x?xf64>
}
