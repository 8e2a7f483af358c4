// Conv3D, NDHWC input and DHWIO filter: f32 SAME stride 1, and SAME with strides (2, 1, 2) and dilations
// (1, 2, 1); f16 SAME stride (1, 2, 1) (in f32, rounded once); f64 VALID, and VALID stride 2 with dilations
// (1, 2, 1). Odd and even sizes, empty batches and output channels.
func.func @test(%x: tensor<?x?x?x?x?xf32>, %w: tensor<?x?x?x?x?xf32>, %h: tensor<?x?x?x?x?xf16>, %hw: tensor<?x?x?x?x?xf16>, %d: tensor<?x?x?x?x?xf64>, %dw: tensor<?x?x?x?x?xf64>) -> (tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf16>, tensor<?x?x?x?x?xf64>, tensor<?x?x?x?x?xf64>) {
  %0 = "tf.Conv3D"(%x, %w) {data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %1 = "tf.Conv3D"(%x, %w) {dilations = [1, 1, 2, 1, 1], padding = "SAME", strides = [1, 2, 1, 2, 1]} : (tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %2 = "tf.Conv3D"(%h, %hw) {padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<?x?x?x?x?xf16>, tensor<?x?x?x?x?xf16>) -> tensor<?x?x?x?x?xf16>
  %3 = "tf.Conv3D"(%d, %dw) {padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<?x?x?x?x?xf64>, tensor<?x?x?x?x?xf64>) -> tensor<?x?x?x?x?xf64>
  %4 = "tf.Conv3D"(%d, %dw) {dilations = [1, 1, 2, 1, 1], padding = "VALID", strides = [1, 2, 2, 2, 1]} : (tensor<?x?x?x?x?xf64>, tensor<?x?x?x?x?xf64>) -> tensor<?x?x?x?x?xf64>
  func.return %0, %1, %2, %3, %4 : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf16>, tensor<?x?x?x?x?xf64>, tensor<?x?x?x?x?xf64>
}
