// Unsigned comparisons must not be done as signed (ui64 values above 2^63, ui16 above 2^15).
func.func @test(%V__0: tensor<?xui64> {python_test_attrs.static_type = tensor<10xui64>}, %V__1: tensor<?xui64> {python_test_attrs.static_type = tensor<10xui64>}, %V__2: tensor<?x?xi8> {python_test_attrs.static_type = tensor<3x10xi8>}, %V__3: tensor<?xui16> {python_test_attrs.static_type = tensor<10xui16>}, %V__4: tensor<?xui16> {python_test_attrs.static_type = tensor<10xui16>}) -> (tensor<?xui64>, tensor<?xui64>, tensor<?x?xi8>, tensor<?x?xi8>, tensor<?xui16>) {
  %0 = "tf.Maximum"(%V__0, %V__1) {device = ""} : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  %1 = "tf.Minimum"(%V__0, %V__1) {device = ""} : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  %2 = "tf.Maximum"(%V__2, %V__2) {device = ""} : (tensor<?x?xi8>, tensor<?x?xi8>) -> tensor<?x?xi8>
  %cst = "tf.Const"() {value = dense<-3> : tensor<i8>} : () -> tensor<i8>
  %3 = "tf.Minimum"(%V__2, %cst) {device = ""} : (tensor<?x?xi8>, tensor<i8>) -> tensor<?x?xi8>
  %4 = "tf.Maximum"(%V__3, %V__4) {device = ""} : (tensor<?xui16>, tensor<?xui16>) -> tensor<?xui16>
  func.return %0, %1, %2, %3, %4 : tensor<?xui64>, tensor<?xui64>, tensor<?x?xi8>, tensor<?x?xi8>, tensor<?xui16>
}
