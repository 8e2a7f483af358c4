// sandjit-test: rtol=1e-5 atol=5e-6
// Rotate points (x, y) by per-column angles and take the norm.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<6x8xf32>}, %arg1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<6x8xf32>}, %arg2: tensor<?xf32> {python_test_attrs.static_type = tensor<8xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Cos"(%arg2) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Sin"(%arg2) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Mul"(%arg0, %0) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Mul"(%arg1, %1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Sub"(%2, %3) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "tf.Mul"(%arg0, %1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %6 = "tf.Mul"(%arg1, %0) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %7 = "tf.AddV2"(%5, %6) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Square"(%4) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %9 = "tf.Square"(%7) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %10 = "tf.AddV2"(%8, %9) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %11 = "tf.Sqrt"(%10) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %4, %7, %11 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
